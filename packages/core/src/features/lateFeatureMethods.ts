/**
 * Issue 29: the instance whose wallet features' methods (send, swap, the catalogue, ...) are made
 * on first use instead of in createCairn: making them runs (and first compiles) every feature's
 * facade, work the button's first paint does not need. `complete` makes them now; any look at the
 * instance that could see them (a property it does not have yet, `in`, its keys) does too, so a
 * site never sees the instance without them. Methods the instance has itself keep precedence.
 */
export function withLateFeatureMethods<Full extends object>(
  instance: Partial<Full>,
  makeMethods: () => object,
): { instance: Full; complete: () => void } {
  let made = false;
  const complete = () => {
    if (made) return;
    made = true;
    for (const [key, method] of Object.entries(makeMethods())) {
      if (!(key in instance)) Object.defineProperty(instance, key, { value: method, enumerable: true, writable: true, configurable: true });
    }
  };
  const late = new Proxy(instance, {
    get(target, key, receiver) {
      if (!made && !(key in target)) complete();
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      complete();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      complete();
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      complete();
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
  return { instance: late as Full, complete };
}
