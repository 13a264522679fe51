declare const __DEMO_CONFIG__: {
  chains: { chainId: number; name: string; rpcUrl: string }[];
  solanaRpcUrl: string;
  bitcoinEsploraUrl: string;
  serverUrl: string;
  /** The server's WalletConnect relay, ws://…/relay. */
  relayUrl: string;
};
