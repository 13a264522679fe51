import type { EvmConnectorPlugin } from '@cairn/evm';

export interface CoinbaseWalletOptions {
  /** The name Coinbase Wallet shows for the site. */
  appName: string;
  /** An https URL of the site's logo, shown in Coinbase Wallet. */
  appLogoUrl?: string;
  /** The chain ids the site uses, the first being its default. */
  chainIds?: readonly number[];
  /** Which Coinbase wallets may connect: both (default), the smart wallet only, or the extension/app only. */
  wallets?: 'all' | 'smartWalletOnly' | 'eoaOnly';
}

/** SPEC §3: the Coinbase Wallet SDK connector's id. */
export const COINBASE_CONNECTOR_ID = 'coinbaseWalletSDK';

// Our own glyph, not Coinbase's trademark logo.
const COINBASE_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#1652f0"/><circle cx="20" cy="20" r="10" fill="none" stroke="#fff" stroke-width="3"/><rect x="16" y="17" width="8" height="6" rx="1" fill="#fff"/></svg>',
  );

/**
 * Coinbase Wallet for `createEvmAdapter({ connectors: [coinbaseWallet({ appName })] })`: its row
 * is listed at once; `@coinbase/wallet-sdk` (Apache-2.0) is fetched at the visitor's click, its
 * telemetry off.
 */
export function coinbaseWallet(options: CoinbaseWalletOptions): EvmConnectorPlugin {
  if (typeof options !== 'object' || options === null || typeof options.appName !== 'string' || options.appName.trim() === '') {
    throw new TypeError('coinbaseWallet: pass { appName }, the name Coinbase Wallet shows for the site');
  }
  if (options.appLogoUrl !== undefined && (typeof options.appLogoUrl !== 'string' || !/^https:\/\/\S+$/.test(options.appLogoUrl))) {
    throw new TypeError('coinbaseWallet: `appLogoUrl` must be an https URL');
  }
  if (options.chainIds !== undefined && (!Array.isArray(options.chainIds) || !options.chainIds.every((id) => Number.isSafeInteger(id) && id > 0))) {
    throw new TypeError('coinbaseWallet: `chainIds` must be a list of chain ids');
  }
  if (options.wallets !== undefined && !['all', 'smartWalletOnly', 'eoaOnly'].includes(options.wallets)) {
    throw new TypeError("coinbaseWallet: `wallets` must be 'all', 'smartWalletOnly' or 'eoaOnly'");
  }
  return {
    kind: 'evmConnector',
    connector: { id: COINBASE_CONNECTOR_ID, name: 'Coinbase Wallet', type: 'EXTERNAL', chain: 'eip155', imageUrl: COINBASE_ICON },
    async loadProvider() {
      const { createCoinbaseWalletSDK } = await import('@coinbase/wallet-sdk');
      const sdk = createCoinbaseWalletSDK({
        appName: options.appName,
        ...(options.appLogoUrl ? { appLogoUrl: options.appLogoUrl } : {}),
        ...(options.chainIds ? { appChainIds: [...options.chainIds] } : {}),
        preference: { options: options.wallets ?? 'all', telemetry: false },
      });
      return sdk.getProvider();
    },
  };
}
