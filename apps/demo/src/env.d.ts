declare const __DEMO_CONFIG__: {
  /** rpcUrl: the server's RPC proxy for the chain (for the test and web wallets; the site reads through `api`). */
  chains: { chainId: number; name: string; rpcUrl: string }[];
  /** The server's RPC proxy for the devnet's local Solana chain. */
  solanaRpcUrl: string;
  /** The server's RPC proxy for the devnet's local Polkadot chain, as a websocket (ws://…/v1/?chainId=polkadot:…). */
  polkadotRpcUrl: string;
  bitcoinEsploraUrl: string;
  serverUrl: string;
  /** The secure frame page (e-mail and social login). */
  frameUrl: string;
  /** The server's WalletConnect relay, ws://…/relay. */
  relayUrl: string;
};
