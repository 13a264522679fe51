import type { CaipNetworkId } from '../types.ts';

export interface UnsupportedChainInput {
  activeCaipNetworkId: CaipNetworkId;
  requestedIds: readonly CaipNetworkId[];
  networkSwitchingEnabled: boolean;
  allowUnsupportedChain: boolean;
  isBasicWalletConnect: boolean;
}

/**
 * SPEC §2: UnsupportedChain opens when the active network is not among the requested networks,
 * network switching is enabled, unsupported chains are not allowed, and the connection is not a
 * basic wallet-connect one.
 */
export function shouldShowUnsupportedChain(input: UnsupportedChainInput): boolean {
  return (
    !input.requestedIds.includes(input.activeCaipNetworkId) &&
    input.networkSwitchingEnabled &&
    !input.allowUnsupportedChain &&
    !input.isBasicWalletConnect
  );
}
