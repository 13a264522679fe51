import type { ChainAdapter } from '@cairn/core';
import { lazyChainAdapter } from '@cairn/core/internal';
import type { EvmAdapterOptions } from './evmAdapterOptions.ts';
import { evmWalletConnectNamespace } from './evmWalletConnect.ts';

export type { EvmAdapterOptions };

/**
 * The eip155 adapter. Its body (EIP-6963 discovery, the wallet calls) is a chunk fetched on intent
 * (the button hovered or focused, the modal opened) or at once by a call, such as the reconnect of
 * a remembered wallet on load: the page's first load carries only this shell.
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  return lazyChainAdapter({
    namespace: 'eip155',
    label: 'EVM',
    load: async () => (await import('./evmAdapterBody.ts')).createEvmAdapterBody(options),
    optional: ['getAccountType', 'request', 'estimateSend', 'sendToken', 'waitForTransaction', 'transactionFailure'],
    capabilities: { sendFeeUnit: 'gas', signInStandard: 'eip4361', walletConnectNamespace: evmWalletConnectNamespace },
    remoteSessions: true,
  });
}
