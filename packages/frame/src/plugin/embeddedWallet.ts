import type { EmbeddedWalletPlugin } from '@cairn/core';
import { frameOriginOf } from '../client/frameOrigin.ts';

export interface EmbeddedWalletOptions {
  /** The secure frame page (`@cairn/frame/server`), on an origin of its own: https, or http on 127.0.0.1. */
  frameUrl: string;
}

/**
 * E-mail and social login for `createCairn({ embeddedWallet: embeddedWallet({ frameUrl }) })`. The
 * frame's client is fetched only when a visitor logs in this way or comes back to such a login.
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletPlugin {
  if (typeof options !== 'object' || options === null || typeof options.frameUrl !== 'string') {
    throw new TypeError('embeddedWallet: `frameUrl` must be the URL of your secure frame page');
  }
  frameOriginOf(options.frameUrl);
  const { frameUrl } = options;
  return {
    kind: 'embeddedWallet',
    frameUrl,
    createClient: async (params) => (await import('./embeddedWalletClient.ts')).createEmbeddedWalletClient({ frameUrl, ...params }),
  };
}
