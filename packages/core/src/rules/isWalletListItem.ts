import type { WalletListItem } from '../types.ts';

const LINK_FIELDS = ['homepage', 'mobile_link', 'desktop_link', 'webapp_link', 'app_store', 'play_store', 'chrome_store'] as const;
const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Whether a value a site hands to `connectWalletConnect` / `selectWallet` has the shape of a
 * catalogue wallet (what the store holds after the server's answer was validated), so a view
 * never renders from a malformed one.
 */
export function isWalletListItem(value: unknown): value is WalletListItem {
  if (typeof value !== 'object' || value === null) return false;
  const wallet = value as Record<string, unknown>;
  return (
    typeof wallet.id === 'string' &&
    wallet.id.length > 0 &&
    typeof wallet.name === 'string' &&
    typeof wallet.image_id === 'string' &&
    (wallet.rdns === null || typeof wallet.rdns === 'string') &&
    (wallet.walletconnect_id === null || typeof wallet.walletconnect_id === 'string') &&
    isStringList(wallet.chains) &&
    isStringList(wallet.walletconnect_uri_templates) &&
    LINK_FIELDS.every((field) => wallet[field] === null || typeof wallet[field] === 'string')
  );
}
