import { createStore } from '../createStore.ts';
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types.ts';

/**
 * SPEC §3 chain state: which networks the connected wallet agreed to, per namespace. A WalletConnect
 * session names its chains (`approvedCaipNetworkIds`); a browser wallet takes any (`supportsAllNetworks`).
 */
export interface ApprovedNetworks {
  approvedCaipNetworkIds: readonly CaipNetworkId[];
  supportsAllNetworks: boolean;
}

export interface NetworkState {
  /** The networks the site asked for, in its order. */
  requested: readonly CaipNetwork[];
  /** The wallet's network; may be one the site did not ask for. */
  activeCaipNetworkId: CaipNetworkId;
  activeNamespace: ChainNamespace;
  switching: boolean;
  switchError?: string;
  /** Per connected namespace, the networks its wallet approved; absent while the namespace is not connected. */
  approved: Partial<Record<ChainNamespace, ApprovedNetworks>>;
}

export const createNetworkStore = (requested: readonly CaipNetwork[], active: CaipNetwork) =>
  createStore<NetworkState>({
    requested,
    activeCaipNetworkId: active.caipNetworkId,
    activeNamespace: active.chainNamespace,
    switching: false,
    approved: {},
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
