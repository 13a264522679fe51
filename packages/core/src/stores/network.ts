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

/**
 * The network a connection in `namespace` starts on: the active one when it is of that namespace,
 * else the site's first network of it (connecting Solana while EVM is active).
 */
export function networkForNamespace(state: NetworkState, namespace: ChainNamespace, active?: CaipNetwork): CaipNetwork | undefined {
  const current = active ?? findNetwork(state);
  if (current?.chainNamespace === namespace) return current;
  return state.requested.find((network) => network.chainNamespace === namespace);
}

export function findNetwork(state: NetworkState, id: CaipNetworkId = state.activeCaipNetworkId) {
  return state.requested.find((network) => network.caipNetworkId === id);
}
