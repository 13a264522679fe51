declare const __DEMO_CONFIG__: {
  chains: { chainId: number; name: string; rpcUrl: string }[];
  solanaRpcUrl: string;
  serverUrl: string;
  /** The server's WalletConnect relay, ws://…/relay. */
  relayUrl: string;
};
