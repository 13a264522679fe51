import type { ChainAdapter } from '@cairn/core';
import { lazyChainAdapter } from '@cairn/core/internal';
import type { EvmAdapterOptions } from './evmAdapterOptions.ts';
import { createEvmDiscovery } from './evmDiscovery.ts';
import { isEvmConnectorPlugin } from './connectorPlugin.ts';
import { evmWalletConnectNamespace } from './evmWalletConnect.ts';

export type { EvmAdapterOptions };
export { EVM_WALLET_CONNECT_EVENTS, EVM_WALLET_CONNECT_METHODS } from './evmWalletConnect.ts';

/**
 * The eip155 adapter. The page's first load carries the wallets' discovery (EIP-6963 and a plain
 * `window.ethereum`), so Connect lists them at the click; the calls to them (connect, sign, send,
 * switch) are a chunk fetched on intent (the button hovered or focused) or at once by a call, such
 * as a remembered wallet's reconnect on load.
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  const connectors = options.connectors ?? [];
  if (!Array.isArray(connectors) || !connectors.every(isEvmConnectorPlugin)) {
    throw new TypeError('createEvmAdapter: `connectors` must be a list of connector plugins, such as safe() or coinbaseWallet() from @cairn/connectors');
  }
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  // Made at the first use (the instance's start-up after the first paint, or a call), not when the
  // site creates the adapter: the button's first paint compiles none of it (issue 29).
  let made: ReturnType<typeof createEvmDiscovery> | undefined;
  const discovery = () => (made ??= createEvmDiscovery(win, connectors));
  const adapter = lazyChainAdapter({
    namespace: 'eip155',
    label: 'EVM',
    load: async () => (await import('./evmAdapterBody.ts')).createEvmAdapterBody(discovery()),
    optional: ['getAccountType', 'request', 'estimateSend', 'sendToken', 'sendTokenAsCalls', 'waitForTransaction', 'transactionFailure'],
    capabilities: { sendFeeUnit: 'gas', signInStandard: 'eip4361', walletConnectNamespace: evmWalletConnectNamespace },
    remoteSessions: true,
  });
  return {
    ...adapter,
    setup(events) {
      const stopBody = adapter.setup(events);
      const stopDiscovery = discovery().start((wallets) => events.connectorsChanged(wallets.map((wallet) => wallet.connector)));
      return () => {
        stopDiscovery();
        stopBody();
      };
    },
    getConnectors: () => discovery().wallets().map((wallet) => wallet.connector),
    waitForConnector: (connectorId, timeoutMs) => discovery().waitForConnector(connectorId, timeoutMs),
  };
}
