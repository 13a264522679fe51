export interface ChainConfig {
  chainId: number;
  rpcUrl: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  chains: ChainConfig[];
}

/** Reads configuration from the environment; see .env.example at the repository root. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.SERVER_PORT ?? 8787);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SERVER_PORT must be a port number, got "${env.SERVER_PORT}"`);
  const chains = Object.entries(env)
    .flatMap(([key, value]) => {
      const match = /^RPC_URL_(\d+)$/.exec(key);
      if (!match || !value) return [];
      if (!/^https?:\/\//.test(value)) throw new Error(`${key} must be an http(s) URL, got "${value}"`);
      return [{ chainId: Number(match[1]), rpcUrl: value }];
    })
    .sort((a, b) => a.chainId - b.chainId);
  return {
    host: '127.0.0.1',
    port,
    chains: chains.length > 0 ? chains : [
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
    ],
  };
}
