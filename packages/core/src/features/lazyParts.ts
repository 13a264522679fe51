/** One factory per part of an object, called with `args` on the part's first read. */
export type PartFactories<T, A extends unknown[]> = { [K in keyof T]?: (...args: A) => T[K] };

/**
 * An object whose parts are made on first read, each once: the features' stores and methods cost
 * nothing until something uses them, so the button paints before any feature's code has run
 * (issue 29). The parts are enumerable getters; a spread or `Object.assign` reads (makes) them all.
 * `first`, if given, runs before every read (it must be idempotent: createCairn's start-up).
 */
export function lazyParts<T, A extends unknown[]>(factories: readonly (PartFactories<T, A> | undefined)[], args: A, first?: () => void): T {
  const descriptors: PropertyDescriptorMap = {};
  for (const parts of factories) {
    for (const [key, make] of Object.entries(parts ?? {}) as [string, (...args: A) => unknown][]) {
      let made = false;
      let value: unknown;
      descriptors[key] = {
        enumerable: true,
        configurable: true,
        get: () => {
          first?.();
          if (!made) {
            value = make(...args);
            made = true;
          }
          return value;
        },
      };
    }
  }
  return Object.defineProperties({}, descriptors) as T;
}

/** `target` with `parts`' properties copied as they are: a lazy part stays unmade (and shared with `parts`). */
export function withParts<T extends object, P extends object>(target: T, parts: P): T & P {
  return Object.defineProperties(target, Object.getOwnPropertyDescriptors(parts)) as T & P;
}
