declare const __DEMO_CONFIG__: {
  /** rpcUrl: the server's RPC proxy for the chain (for the test and web wallets; the site reads through `api`). */
  chains: { chainId: number; name: string; rpcUrl: string }[];
  solanaRpcUrl: string;
  /** The devnet's local Polkadot chain, ws://… */
  polkadotRpcUrl: string;
  bitcoinEsploraUrl: string;
  serverUrl: string;
  /** The secure frame page (e-mail and social login). */
  frameUrl: string;
  /** The server's WalletConnect relay, ws://…/relay. */
  relayUrl: string;
};
