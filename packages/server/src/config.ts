import type { ChainConfig, PolkadotChainConfig, SolanaChainConfig } from './config/chains.ts';
import { chains, polkadotChains, servesOnlyDevnet, solanaChains } from './config/chains.ts';
import { databaseConfig, type DatabaseConfig } from './config/database.ts';
import { corsOrigins, listenAddress, logLevel, ownUrl, publicUrl, trustProxy, type LogLevel, type TrustProxy } from './config/http.ts';
import { indexerConfig, spamContracts, type IndexerConfig } from './config/indexer.ts';
import { forcedRefreshMs, rateLimitConfig, type RateLimitConfig } from './config/limits.ts';
import { loginConfig, type LoginConfig } from './config/login.ts';
import { nameRegistrations, nameZone } from './config/names.ts';
import { onrampConfig, type OnrampConfig } from './config/onramp.ts';
import { analyticsEnabled, extraWalletsFile, projectIds } from './config/projects.ts';
import { redisUrl } from './config/redis.ts';
import { relayConfig, type RelayConfig } from './config/relay.ts';
import { rpcProxyConfig, type RpcProxyConfig } from './config/rpcProxy.ts';
import { polkadotSignInNetworks, siwxConfig, type SiwxConfig } from './config/siwx.ts';

// The settings, one module per area under config/; this file composes them into ServerConfig.
export type { ChainConfig, DatabaseConfig, LoginConfig, OnrampConfig, PolkadotChainConfig, RateLimitConfig, RpcProxyConfig, SiwxConfig, SolanaChainConfig };
export { ConfigError } from './config/configError.ts';
export { defaultSqlitePath } from './config/database.ts';
export { DEFAULT_SIWX_DOMAINS } from './config/siwx.ts';

export interface ServerConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  chains: ChainConfig[];
  /** Solana clusters (RPC_URL_SOLANA_<reference>); the devnet's localnet by default. */
  solanaChains: SolanaChainConfig[];
  /** Polkadot chains a sign-in may name (POLKADOT_SIGN_IN_NETWORKS, CAIP-2 references); Polkadot, Kusama, Westend and the devnet's by default. */
  polkadotSignInNetworks: string[];
  /** Polkadot chains the RPC proxy serves (RPC_URL_POLKADOT_<reference>); the devnet's by default. */
  polkadotChains: PolkadotChainConfig[];
  rpcProxy: RpcProxyConfig;
  /** Origins allowed by CORS; '*' allows any. */
  corsOrigins: string[];
  /** Accepted projectId values. */
  projectIds: string[];
  /** Spam contracts as `${chainId}:${lowercase address}`, or `*:${address}` for every chain. */
  spamContracts: string[];
  /** reorgWindow: the most stored blocks a reorg may drop; a deeper fork is refused and logged. */
  indexer: IndexerConfig;
  analyticsEnabled: boolean;
  logLevel: LogLevel;
  /** Base of the icon URLs the server hands out; absent: the request's own origin. */
  publicUrl?: string;
  /** A JSON file of extra wallets (same shape as data/wallets.json) merged over the catalogue by id. */
  extraWalletsFile?: string;
  /** Sign-in with a wallet (EIP-4361). */
  siwx: SiwxConfig;
  /** The WalletConnect relay at /relay (websocket), and the limits an operator is most likely to change. */
  relay: RelayConfig;
  /**
   * Which proxies to believe about the client's address and protocol (X-Forwarded-For / -Proto):
   * false (none: the socket's peer is the client), true (any), a hop count, or proxy addresses.
   */
  trustProxy: TrustProxy;
  rateLimit: RateLimitConfig;
  /** The shortest time between two forced (forceUpdate=true) balance reads of one account on one chain. */
  forcedRefreshMs: number;
  /** Log-in without a wallet (issue 14): e-mail one-time codes. */
  login: LoginConfig;
  /** The zone names are registered under (NAME_ZONE), e.g. `.cairn.id`; the only zone this server registers and resolves. */
  nameZone: string;
  /** Name registrations per UTC day, per client network (an IPv4 address, an IPv6 /64) and in all. */
  nameRegistrations: { perIpPerDay: number; perDay: number };
  /** The built-in local onramp provider (on the chains with an onramp funder key). */
  onramp: OnrampConfig;
  /** REDIS_URL: the relay, rate limits and caches shared by every replica; absent, kept in this process. */
  redisUrl?: string;
}

/**
 * Reads configuration from the environment (documented in .env.example at the repository root).
 * The areas are read in this order so that, of several bad variables, the same one is reported first.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const level = logLevel(env);
  const publicBase = publicUrl(env);
  const projects = projectIds(env);
  const { host, port } = listenAddress(env);
  const servedChains = chains(env);
  const devnetOnly = servesOnlyDevnet(servedChains);
  return {
    host,
    port,
    database: databaseConfig(env.DATABASE_URL, port),
    chains: servedChains,
    solanaChains: solanaChains(env),
    polkadotChains: polkadotChains(env),
    rpcProxy: rpcProxyConfig(env, devnetOnly),
    polkadotSignInNetworks: polkadotSignInNetworks(env),
    corsOrigins: corsOrigins(env),
    projectIds: projects,
    spamContracts: spamContracts(env),
    indexer: indexerConfig(env, devnetOnly),
    analyticsEnabled: analyticsEnabled(env),
    logLevel: level,
    publicUrl: publicBase,
    extraWalletsFile: extraWalletsFile(env),
    siwx: siwxConfig(env),
    relay: relayConfig(env, devnetOnly),
    trustProxy: trustProxy(env),
    forcedRefreshMs: forcedRefreshMs(env),
    login: loginConfig(env, devnetOnly, publicBase ?? `http://${host}:${port}`),
    nameZone: nameZone(env),
    nameRegistrations: nameRegistrations(env, devnetOnly),
    onramp: onrampConfig(env, servedChains, publicBase, ownUrl(host, port)),
    rateLimit: rateLimitConfig(env),
    redisUrl: redisUrl(env),
  };
}
