export type Listener = () => void;

/** A small vanilla store: React reads it through useSyncExternalStore, nothing here knows React. */
export interface Store<T> {
  get(): T;
  set(next: Partial<T> | ((current: T) => Partial<T>)): void;
  subscribe(listener: Listener): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(next) {
      const patch = typeof next === 'function' ? next(state) : next;
      const changed = Object.keys(patch).some(
        (key) => !Object.is(state[key as keyof T], patch[key as keyof T]),
      );
      if (!changed) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
