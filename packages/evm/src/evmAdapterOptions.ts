import type { EvmConnectorPlugin } from './connectorPlugin.ts';

export interface EvmAdapterOptions {
  /** Opt-in wallets the site passes in: `safe()` from @cairn/connectors/safe, `coinbaseWallet()` from @cairn/connectors/coinbase. */
  connectors?: readonly EvmConnectorPlugin[];
  /** The window to discover wallets in; the global one by default. */
  window?: Window;
}
