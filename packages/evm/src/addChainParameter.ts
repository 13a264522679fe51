import type { CaipNetwork } from '@cairn/core';
import { numberToHex } from 'viem';

/** EIP-3085 parameters for wallet_addEthereumChain. */
export function addChainParameter(network: CaipNetwork) {
  return {
    chainId: numberToHex(Number(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [...network.rpcUrls.default.http],
    ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
  };
}
