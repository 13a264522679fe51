import { parseWalletListItem } from '../api/walletCatalogueApi.ts';
import type { WalletListItem } from '../types.ts';

const sameField = (held: unknown, given: unknown) =>
  Array.isArray(held) ? Array.isArray(given) && held.length === given.length && held.every((item, index) => item === given[index]) : held === given;

/**
 * Whether a value a site hands to `connectWalletConnect` / `selectWallet` is a catalogue wallet
 * as the store holds it: one the server's wallet schema accepts and needs not mend (no unsafe
 * link to drop, no name to trim), so what the view renders is what was checked. Other fields are
 * ignored.
 */
export function isWalletListItem(value: unknown): value is WalletListItem {
  const wallet = parseWalletListItem(value);
  if (!wallet) return false;
  const given = value as Record<string, unknown>;
  return Object.entries(wallet).every(([field, held]) => sameField(held, given[field]));
}
