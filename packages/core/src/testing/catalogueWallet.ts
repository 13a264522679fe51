import type { WalletListItem } from '../types.ts';

/** A catalogue wallet for tests: no links, no chains, named after its id, unless told otherwise. */
export function catalogueWallet(id: string, overrides: Partial<WalletListItem> = {}): WalletListItem {
  return {
    id,
    name: id,
    image_id: id,
    rdns: null,
    chains: [],
    homepage: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    walletconnect_id: null,
    walletconnect_uri_templates: [],
    ...overrides,
  };
}

/** The ids of wallets, in order: what a test of the catalogue's order compares. */
export const walletIds = (wallets: readonly { id: string }[]): string[] => wallets.map((wallet) => wallet.id);
