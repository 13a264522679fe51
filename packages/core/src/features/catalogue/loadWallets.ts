import type { CairnContext } from '../../context.ts';
import { WALLET_ID, type WalletCatalogueApi } from '../../api/walletCatalogueApi.ts';
import { WALLETS_RECOMMENDED_COUNT, WALLETS_SEARCH_COUNT } from '../../constants.ts';
import { errorMessage } from '../../errors.ts';
import { announcedByRdns } from '../../rules/catalogueOrder.ts';
import type { WalletListItem } from '../../types.ts';
import { catalogueFilters, type CatalogueFilters } from './catalogueFilters.ts';
import { alertServerRefusal } from '../../actions/alertServerRefusal.ts';

/** The page lands in the catalogue's store. */
export type LoadWalletsReturnType = void;

/**
 * What the Connect view shows of the catalogue, loaded when the modal opens: the featured
 * wallets (the site's featuredWalletIds, by include, in that order), the catalogue entries of
 * the wallets installed here or used recently, and the recommended ones (SPEC §7: page 1 with 4
 * entries), whose answer also gives the catalogue's size. Once loaded it is kept; after a
 * failure the next call tries again. Concurrent calls share one load.
 */
export function loadWallets(ctx: CairnContext): Promise<LoadWalletsReturnType> {
  const { walletList: list, catalogue } = ctx;
  if (!catalogue) return Promise.resolve();
  if (list.requests.overview) return list.requests.overview;
  if (list.get().overviewStatus === 'ready') return Promise.resolve();
  list.set({ overviewStatus: 'loading' });
  const filters = catalogueFilters(ctx);
  const load = async () => {
    try {
      const [{ featured, pinned }, recommended] = await Promise.all([
        loadFeaturedAndPinned(ctx, catalogue, filters),
        catalogue.getWallets({ page: 1, entries: WALLETS_RECOMMENDED_COUNT, ...filters }),
      ]);
      list.set({ featured, pinned, recommended: recommended.data, count: recommended.count, overviewStatus: 'ready' });
    } catch (error) {
      console.warn('[cairn] could not load the wallet catalogue', errorMessage(error));
      list.set({ overviewStatus: 'error' });
      // The first call to the site's server when the modal opens: a configuration mistake shows here.
      await alertServerRefusal(ctx, error);
    } finally {
      list.requests.overview = undefined;
    }
  };
  list.requests.overview = load();
  return list.requests.overview;
}

const lower = (id: string) => id.toLowerCase();
/** As the server matches include: the catalogue id, the WalletConnect id or the rdns, in any case. */
const matchesId = (wallet: WalletListItem, id: string) =>
  [wallet.id, wallet.walletconnect_id, wallet.rdns].some((value) => value !== null && lower(value) === lower(id));

/**
 * One request by include for the featured ids and for the wallets this browser knows (recent
 * wallets' ids and rdns, announced rdns): an installed or recent wallet on page 200 is then
 * still listed first. The server matches include against a wallet's catalogue id, WalletConnect
 * id and rdns.
 */
async function loadFeaturedAndPinned(ctx: CairnContext, catalogue: WalletCatalogueApi, filters: CatalogueFilters) {
  const { featuredWalletIds, includeWalletIds } = ctx.options;
  const allowed = (wallet: WalletListItem) => includeWalletIds.length === 0 || includeWalletIds.some((id) => matchesId(wallet, id));
  const { connectors, recentWallets } = ctx.connection.get();
  const known = [
    ...recentWallets.flatMap((wallet) => [wallet.id, ...(wallet.rdns ? [wallet.rdns] : [])]),
    ...announcedByRdns(connectors).keys(),
  ];
  const ids = [...new Set([...featuredWalletIds, ...known])].filter((id) => WALLET_ID.test(id)).slice(0, WALLETS_SEARCH_COUNT);
  if (ids.length === 0) return { featured: [], pinned: [] };
  const { data } = await catalogue.getWallets({ ...filters, page: 1, entries: WALLETS_SEARCH_COUNT, include: ids });
  // This request's include replaces the site's, so the site's include is applied here: it restricts everything.
  const featured = featuredWalletIds.flatMap((id) => data.find((wallet) => matchesId(wallet, id) && allowed(wallet)) ?? []);
  const featuredSet = new Set(featured);
  const pinned = data.filter((wallet) => !featuredSet.has(wallet) && allowed(wallet));
  return { featured: [...new Set(featured)], pinned };
}
