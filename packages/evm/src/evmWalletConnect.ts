import type { CaipNetwork, WalletConnectNamespaceRequest } from '@cairn/core';

/** CAIP-25: what a WalletConnect wallet is asked to allow on eip155. */
export const EVM_WALLET_CONNECT_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const;
export const EVM_WALLET_CONNECT_EVENTS = ['chainChanged', 'accountsChanged'] as const;

/** The eip155 part of a WalletConnect session request, known before the adapter's body arrives. */
export const evmWalletConnectNamespace = (networks: readonly CaipNetwork[]): WalletConnectNamespaceRequest => ({
  chains: networks.map((network) => network.caipNetworkId),
  methods: [...EVM_WALLET_CONNECT_METHODS],
  events: [...EVM_WALLET_CONNECT_EVENTS],
});
