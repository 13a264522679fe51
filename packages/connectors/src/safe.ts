import type { Eip1193Provider, EvmConnectorPlugin } from '@cairn/evm';
import type { SafeOptions } from './safeOptions.ts';

export type { SafeOptions };

/** SPEC §3: the Safe connector's id. */
export const SAFE_CONNECTOR_ID = 'safe';

// Our own glyph (a vault door), not Safe's trademark logo.
const SAFE_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#12805c"/><rect x="9" y="9" width="22" height="22" rx="4" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="20" cy="20" r="4" fill="none" stroke="#fff" stroke-width="2.5"/></svg>',
  );

/**
 * Safe for `createEvmAdapter({ connectors: [safe()] })`: a site opened as a Safe app inside
 * Safe{Wallet}'s frame connects to the Safe without a prompt (the frame speaks the Safe apps
 * postMessage protocol; `@safe-global/safe-apps-sdk`, MIT). Outside such a frame it is not listed
 * and its SDK is never fetched.
 */
export function safe(options: SafeOptions = {}): EvmConnectorPlugin {
  if (typeof options !== 'object' || options === null) throw new TypeError('safe: pass an options object or nothing');
  if (options.allowedDomains !== undefined && (!Array.isArray(options.allowedDomains) || !options.allowedDomains.every((d) => d instanceof RegExp))) {
    throw new TypeError('safe: `allowedDomains` must be a list of regular expressions');
  }
  if (options.timeoutMs !== undefined && !(Number.isSafeInteger(options.timeoutMs) && options.timeoutMs > 0)) {
    throw new TypeError('safe: `timeoutMs` must be a positive whole number of milliseconds');
  }
  let hosted: Promise<Eip1193Provider | undefined> | undefined;
  // Framed or not, the answer stays the same for the page's life: asked once.
  const host = () => (hosted ??= inSafeFrame() ? import('./safeHost.ts').then((module) => module.connectToSafeHost(options)) : Promise.resolve(undefined));
  return {
    kind: 'evmConnector',
    connector: { id: SAFE_CONNECTOR_ID, name: 'Safe', type: 'EXTERNAL', chain: 'eip155', imageUrl: SAFE_ICON, autoConnect: true },
    available: async () => (await host()) !== undefined,
    async loadProvider() {
      const provider = await host();
      if (!provider) throw new Error('Safe: this page is not open as a Safe app inside Safe{Wallet}');
      return provider;
    },
  };
}

function inSafeFrame(): boolean {
  return typeof window !== 'undefined' && window.parent !== window;
}
