import { parseCaipNetworkId, type CaipNetwork, type CaipNetworkId } from '@cairn/core';
import { findNetwork } from '@cairn/core/rules';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from './useStoreState.ts';

export interface UseCairnNetworkReturnType {
  /** The active network, or undefined when the wallet is on one the site did not request. */
  network: CaipNetwork | undefined;
  caipNetworkId: CaipNetworkId;
  /** The network's id (a number on eip155), or the CAIP-2 reference of an unrequested network. */
  chainId: number | string;
  /** The networks the site requested, in its order. */
  networks: readonly CaipNetwork[];
  /** Resolves true on success; on failure the modal's network view shows the error. */
  switchNetwork(network: CaipNetwork): Promise<boolean>;
}

export function useCairnNetwork(): UseCairnNetworkReturnType {
  const cairn = useCairnInstance('useCairnNetwork');
  const state = useStoreState(cairn.stores.network);
  const network = findNetwork(state);
  return {
    network,
    caipNetworkId: state.activeCaipNetworkId,
    chainId: network?.id ?? chainReference(state.activeCaipNetworkId),
    networks: state.requested,
    switchNetwork: cairn.switchNetwork,
  };
}

function chainReference(id: CaipNetworkId): number | string {
  const { reference } = parseCaipNetworkId(id);
  return /^\d+$/.test(reference) ? Number(reference) : reference;
}
