import type { Connector } from '@cairn/core';
import type { Eip1193Provider } from './eip1193.ts';

/**
 * An opt-in EVM wallet the site passes in, `createEvmAdapter({ connectors: [safe()] })`: its row
 * on Connect, and its provider, whose code is fetched by the first call (the visitor's click, or
 * the silent connect of a connector that `autoConnect`s).
 */
export interface EvmConnectorPlugin {
  readonly kind: 'evmConnector';
  /** The row, with the id SPEC §3 names (safe, coinbaseWalletSDK). */
  readonly connector: Connector;
  /** Whether this page can use it at all (Safe: only inside a Safe{Wallet} frame); listed at once when absent. */
  available?(): Promise<boolean>;
  /** Fetches the wallet's code and makes its EIP-1193 provider. */
  loadProvider(): Promise<Eip1193Provider>;
}

export function isEvmConnectorPlugin(value: unknown): value is EvmConnectorPlugin {
  if (typeof value !== 'object' || value === null) return false;
  const plugin = value as Partial<EvmConnectorPlugin>;
  return plugin.kind === 'evmConnector' && typeof plugin.loadProvider === 'function' && typeof plugin.connector?.id === 'string';
}
