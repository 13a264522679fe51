import type { ChainAdapter } from '@cairn/core';
import { lazyChainAdapter } from '@cairn/core/internal';
import type { PolkadotAdapterOptions } from './extensionAdapter.ts';

/**
 * The polkadot adapter: extensions found in `window.injectedWeb3`, balances and transfers through
 * @polkadot/api. Its body (extension discovery, SS58, signing) is a chunk fetched when the page is
 * idle, or at once for a connection; @polkadot/api is a further chunk, fetched for a balance or a
 * send. A site that adds Polkadot does not grow its first load by more than this stub.
 */
export function createPolkadotAdapter(options: PolkadotAdapterOptions = {}): ChainAdapter {
  return lazyChainAdapter({
    namespace: 'polkadot',
    label: 'Polkadot',
    load: async () => (await import('./extensionAdapter.ts')).createExtensionAdapter(options),
    optional: ['getAccountType', 'request', 'estimateSend', 'sendToken', 'waitForTransaction', 'signIn'],
  });
}

export type { PolkadotAdapterOptions };
