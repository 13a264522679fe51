import { createStore } from '../createStore.ts';
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types.ts';

export interface NetworkState {
  /** The networks the site asked for, in its order. */
  requested: readonly CaipNetwork[];
  /** The wallet's network; may be one the site did not ask for. */
  activeCaipNetworkId: CaipNetworkId;
  activeNamespace: ChainNamespace;
  switching: boolean;
  switchError?: string;
}

export const createNetworkStore = (requested: readonly CaipNetwork[], active: CaipNetwork) =>
  createStore<NetworkState>({
    requested,
    activeCaipNetworkId: active.caipNetworkId,
    activeNamespace: active.chainNamespace,
    switching: false,
  });
export type NetworkStore = ReturnType<typeof createNetworkStore>;

export function findNetwork(state: NetworkState, id: CaipNetworkId = state.activeCaipNetworkId) {
  return state.requested.find((network) => network.caipNetworkId === id);
}
