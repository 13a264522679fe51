import type { ProviderEvent, ProviderListener } from './types.ts';

/** The few lines of an emitter the provider needs; node:events does not exist in the page. */
export function createEventEmitter() {
  const listeners = new Map<ProviderEvent, Set<ProviderListener>>();
  return {
    on(event: ProviderEvent, listener: ProviderListener): void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    removeListener(event: ProviderEvent, listener: ProviderListener): void {
      listeners.get(event)?.delete(listener);
    },
    emit(event: ProviderEvent, payload: unknown): void {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          // A dapp's failing listener must not stop the others (nor the wallet).
          console.error(error);
        }
      }
    },
  };
}
