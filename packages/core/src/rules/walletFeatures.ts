import { namespaceOffers } from '../namespaces.ts';
import type { CaipNetworkId } from '../types.ts';

/** SPEC §9: wallet feature order on Account. */
export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const;
export type WalletFeature = (typeof WALLET_FEATURES)[number];

/** SPEC §9: swap-supported eip155 networks. */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554];

export interface WalletFeaturesInput {
  switches: Readonly<Record<WalletFeature, boolean>>;
  activeCaipNetworkId: CaipNetworkId;
  /** The features whose views exist (React's feature table): one not built shows nothing whatever its switch says. */
  built: readonly WalletFeature[];
  /** The site's extra swap networks (options.swapNetworks). */
  swapNetworks?: readonly string[];
}

/** SPEC §9: Swap is offered on the swap-supported eip155 networks and the site's own. */
export function isSwapNetwork(caipNetworkId: string, swapNetworks: readonly string[] = []): boolean {
  const [namespace, reference] = caipNetworkId.split(':');
  return namespaceOffers(namespace, 'swaps') && (SWAP_CHAIN_IDS.includes(Number(reference)) || swapNetworks.includes(caipNetworkId));
}

function isPossibleOn(feature: WalletFeature, caipNetworkId: CaipNetworkId, swapNetworks: readonly string[] | undefined): boolean {
  return feature !== 'swaps' || isSwapNetwork(caipNetworkId, swapNetworks);
}

/** The wallet features Account lists: in SPEC §9's order, switched on, built, possible on the active network. */
export function walletFeaturesFor(input: WalletFeaturesInput): WalletFeature[] {
  return WALLET_FEATURES.filter(
    (feature) => input.switches[feature] && input.built.includes(feature) && isPossibleOn(feature, input.activeCaipNetworkId, input.swapNetworks),
  );
}
