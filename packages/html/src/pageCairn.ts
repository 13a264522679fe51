import type { Cairn } from '@cairn/core';

// The page's instance: the one the custom elements render with. Set by init() or mount().
let current: Cairn | undefined;
const waiting = new Set<(cairn: Cairn) => void>();

export function setPageCairn(cairn: Cairn): void {
  current = cairn;
  for (const notify of [...waiting]) notify(cairn);
}

/** Calls `use` with the page's instance now, or as soon as init() or mount() makes one; returns a cancel. */
export function whenPageCairn(use: (cairn: Cairn) => void): () => void {
  if (current) {
    use(current);
    return () => undefined;
  }
  const notify = (cairn: Cairn) => {
    waiting.delete(notify);
    use(cairn);
  };
  waiting.add(notify);
  return () => waiting.delete(notify);
}
