import type { Eip1193Provider } from './eip1193.ts';

// The listener type the EIP-1193 surface takes (each event passes its own arguments).
type Listener = Parameters<NonNullable<Eip1193Provider['on']>>[1];

/**
 * An EIP-1193 provider whose code loads on its first request: listing a plugin's wallet costs
 * nothing before the click. Listeners added before the load are handed on once it is there.
 */
export function lazyProvider(load: () => Promise<Eip1193Provider>): Eip1193Provider {
  let loading: Promise<Eip1193Provider> | undefined;
  let loaded: Eip1193Provider | undefined;
  const waiting: [string, Listener][] = [];
  const provider = () =>
    (loading ??= load().then(
      (real) => {
        loaded = real;
        for (const [event, listener] of waiting.splice(0)) real.on?.(event, listener);
        return real;
      },
      (error: unknown) => {
        loading = undefined; // a failed fetch is tried again by the next call
        throw error;
      },
    ));
  return {
    request: async (args) => (await provider()).request(args),
    on(event, listener) {
      if (loaded) loaded.on?.(event, listener);
      else waiting.push([event, listener]);
    },
    removeListener(event, listener) {
      if (loaded) loaded.removeListener?.(event, listener);
      const at = waiting.findIndex(([name, each]) => name === event && each === listener);
      if (at >= 0) waiting.splice(at, 1);
    },
  };
}
