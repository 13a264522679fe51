/**
 * `compute` with its last argument and result kept: asked again with the same argument (a
 * connection's requests come from one address), it answers without computing. One entry, so
 * nothing grows; a new argument costs what `compute` costs.
 */
export function lastResultOf<A, R>(compute: (argument: A) => R): (argument: A) => R {
  let asked = false;
  let last: A;
  let result: R;
  return (argument) => {
    if (!asked || argument !== last) {
      asked = true;
      last = argument;
      result = compute(argument);
    }
    return result;
  };
}
