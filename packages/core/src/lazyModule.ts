export interface LazyModule<T> {
  /** Fetches the module on the first call and shares that fetch; a failed one is retried by the next call. */
  load(): Promise<T>;
  /** The module once it has arrived, for code that must stay synchronous. */
  loaded(): T | undefined;
}

/** A code-split module (`() => import('./x.ts')`), fetched once on first need. */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  let module: T | undefined;
  return {
    load() {
      loading ??= importer().then(
        (arrived) => (module = arrived),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}
