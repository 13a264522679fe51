import type { CairnContext } from '../../context.ts';
import type { GetWalletsParams } from '../../api/walletCatalogueApi.ts';

export type CatalogueFilters = Pick<GetWalletsParams, 'include' | 'exclude' | 'chains'>;

/**
 * What every catalogue request filters by: the site's includeWalletIds and excludeWalletIds
 * (applied by the server), and the CAIP-2 ids of the site's networks, so the server keeps the
 * wallets of those namespaces.
 */
export function catalogueFilters(ctx: CairnContext): CatalogueFilters {
  const { includeWalletIds, excludeWalletIds, networks } = ctx.options;
  return {
    ...(includeWalletIds.length > 0 ? { include: includeWalletIds } : {}),
    ...(excludeWalletIds.length > 0 ? { exclude: excludeWalletIds } : {}),
    chains: [...new Set(networks.map((network) => network.caipNetworkId))],
  };
}
