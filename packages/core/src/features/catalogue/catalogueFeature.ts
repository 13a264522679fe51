import type { CairnFeature } from '../cairnFeature.ts';
import { withActions } from '../../loadCairnActions.ts';
import { walletImageUrl } from '../../api/walletCatalogueApi.imageUrl.ts';
import type { WalletListItem } from '../../types.ts';
import type { SearchWalletsOptions } from './searchWallets.ts';
import { createWalletListStore, type WalletListStore } from './walletListStore.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    /** The All Wallets catalogue: featured, recommended, pages and search. */
    walletList: WalletListStore;
  }
  interface FeatureFacades {
    /** The catalogue for the Connect view: featured, installed / recent, recommended (once; again after a failure). */
    loadWallets(): Promise<void>;
    /** The next page of All Wallets (the first when none is loaded). */
    loadMoreWallets(): Promise<void>;
    /** Searches the catalogue after the debounce; an empty query returns to the list. */
    searchWallets(query: string, options?: SearchWalletsOptions): Promise<void>;
    /** A catalogue wallet's logo URL on the site's server (undefined without `api`), or a custom wallet's own. */
    walletImageUrl(imageId: string): string | undefined;
    /** A catalogue wallet picked: through the browser when installed, else WalletConnect. Resolves true when connected. */
    selectWallet(wallet: WalletListItem): Promise<boolean>;
  }
  interface FeatureViews {
    AllWallets: 'catalogue';
  }
}

/** The wallet catalogue on the site's server: Connect's featured and recommended rows, and All Wallets (SPEC §7). */
export const catalogueFeature: CairnFeature = {
  stores: { walletList: () => createWalletListStore() },
  facade: {
    loadWallets: (ctx) => () => withActions(ctx, (loaded) => loaded.loadWallets(ctx)),
    loadMoreWallets: (ctx) => () => withActions(ctx, (loaded) => loaded.loadMoreWallets(ctx)),
    searchWallets: (ctx) => (query, options) => withActions(ctx, (loaded) => loaded.searchWallets(ctx, query, options)),
    walletImageUrl: (ctx) => (imageId) => {
      // A custom wallet's logo is the site's own URL, not the catalogue server's.
      const custom = ctx.options.customWallets.find((entry) => entry.wallet.image_id === imageId);
      if (custom) return custom.imageUrl;
      return ctx.options.api ? walletImageUrl(ctx.options.api, imageId) : undefined;
    },
    selectWallet: (ctx) => (wallet) =>
      withActions(ctx, (loaded) => {
        if (!loaded.isWalletListItem(wallet)) throw new TypeError('selectWallet: `wallet` must be a wallet of the catalogue (stores.walletList)');
        return loaded.selectCatalogueWallet(ctx, wallet);
      }),
  },
};
