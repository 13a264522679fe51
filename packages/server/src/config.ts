import { randomBytes } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { getAddress, isAddress, type Address } from 'viem';
import {
  CANONICAL_MULTICALL3,
  DEVNET_CHAINS,
  DEVNET_CHAIN_IDS,
  DEVNET_CONTRACTS,
  DEVNET_CORS_ORIGINS,
  DEVNET_FRAME_ORIGINS,
  DEVNET_ONRAMP_FUNDER_KEY,
  DEVNET_POLKADOT_CHAIN,
  DEVNET_PROJECT_ID,
  DEVNET_SOLANA_CHAIN,
  DEVNET_SOLANA_TOKENS,
} from './devnetDefaults.ts';
import { DEFAULT_REORG_WINDOW } from './indexer/indexer.ts';
import { isTestChain } from './onramp/testChains.ts';
import { SOCIAL_LOGIN_PROVIDERS, SOCIAL_PRESETS, type SocialProviderConfig } from './login/socialProviders.ts';

export interface ChainConfig {
  chainId: number;
  /** The first of rpcUrls: the node the indexer and the data API read. */
  rpcUrl: string;
  /** RPC_URL_<chainId>, comma-separated: the RPC proxy fails over from one to the next. */
  rpcUrls: string[];
  /** Multicall3-compatible contract for batched reads; none: plain batched eth_calls. */
  multicallAddress?: Address;
  /** The USD stablecoin prices are quoted against (price 1). */
  stablecoinAddress?: Address;
  /** A Uniswap-V2-style factory (getPair); a token's price is its pool's price against the stablecoin. */
  ammFactoryAddress?: Address;
  /** The wrapped native coin (WETH-like), so the native coin gets its pool's price too. */
  wrappedNativeAddress?: Address;
  /** A Uniswap-V2-style router (swapExact*) over the factory's pools; none: no swaps on this chain. */
  ammRouterAddress?: Address;
  /** The key the local onramp provider pays bought Ether from (test chains only: onramp/testChains.ts); none: no onramp here. */
  onrampFunderKey?: `0x${string}`;
  /** First block the indexer reads when the database has none for this chain. */
  indexerStartBlock: number;
}

/** A Solana cluster the balance route serves: `solana:<reference>` through this RPC. */
export interface SolanaChainConfig {
  /** CAIP-2 reference: the genesis hash's first 32 characters, or `localnet`. */
  reference: string;
  rpcUrl: string;
  /** RPC_URL_SOLANA_<reference>, comma-separated: the RPC proxy fails over from one to the next. */
  rpcUrls: string[];
  /** Names of SPL mints (none is on chain without a metadata program): mint -> name, symbol. */
  tokens: Readonly<Record<string, { name: string; symbol: string }>>;
}

/** A Polkadot chain the RPC proxy serves over HTTP: `polkadot:<reference>` (RPC_URL_POLKADOT_<reference>). */
export interface PolkadotChainConfig {
  /** CAIP-2 reference: the genesis hash's first 32 hex digits. */
  reference: string;
  rpcUrls: string[];
}

/** The JSON-RPC proxy at POST /v1/?chainId=...: its bounds and limits. */
export interface RpcProxyConfig {
  /** Calls per minute per client network (an IPv4 address, an IPv6 /64), a batch's calls each counted. */
  callsPerMinute: number;
  /** Calls per minute per projectId, all clients together. */
  projectCallsPerMinute: number;
  /** The most calls one batch may hold. */
  maxBatchCalls: number;
  /** The largest request body, in bytes. */
  maxBodyBytes: number;
  /** How long one upstream may take before the next is tried. */
  upstreamTimeoutMs: number;
  /** Memory for cached answers, in bytes. */
  cacheBytes: number;
  /** How long eth_blockNumber and eth_gasPrice answers are kept, per chain id (RPC_BLOCK_TIME_MS_<chainId>). */
  blockTimeMs: (chainId: number) => number;
}

export type DatabaseConfig = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

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
  indexer: { enabled: boolean; pollMs: number; reorgWindow: number };
  analyticsEnabled: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Base of the icon URLs the server hands out; absent: the request's own origin. */
  publicUrl?: string;
  /** A JSON file of extra wallets (same shape as data/wallets.json) merged over the catalogue by id. */
  extraWalletsFile?: string;
  /** Sign-in with a wallet (EIP-4361). */
  siwx: SiwxConfig;
  /** The WalletConnect relay at /relay (websocket), and the limits an operator is most likely to change. */
  relay: { enabled: boolean; maxConnections: number; maxConnectionsPerIp: number; maxStoredMb: number };
  /**
   * Which proxies to believe about the client's address and protocol (X-Forwarded-For / -Proto):
   * false (none: the socket's peer is the client), true (any), a hop count, or proxy addresses.
   */
  trustProxy: boolean | number | string[];
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
}

export interface OnrampConfig {
  /** Where checkout links point: PUBLIC_URL, or on the devnet the server's own address; never a request's Host. */
  checkoutBaseUrl: string;
  /** Quotes price Ether at the median of its pool's spot price at blocks spread over this many latest blocks. */
  priceWindowBlocks: number;
  /** Payouts per UTC day: to one address, to one client network (an IPv4 address, an IPv6 /64), and in all. */
  payoutsPerAddressPerDay: number;
  payoutsPerIpPerDay: number;
  payoutsPerDay: number;
}

export interface LoginConfig {
  /** Keys the hashes of one-time codes and login tokens (LOGIN_SECRET); the same on every server copy. */
  secret: Uint8Array;
  /** Where codes are mailed from (SMTP_URL); none: e-mail login is off. */
  smtpUrl?: string;
  mailFrom: string;
  /** The site's name in the e-mails. */
  siteName: string;
  /** How long a login lasts. */
  sessionTtlSeconds: number;
  /** Codes an address gets per hour at the base proof-of-work price; past them each costs more (issue 22: no hard cap, so no lockout). */
  codesPerAddressPerHour: number;
  /** Code requests per client IP per minute. */
  codesPerIp: number;
  /** Code requests per minute, all clients together: bounds the mail this server sends. */
  codesTotal: number;
  /** Social providers with a client id (SOCIAL_<ID>_CLIENT_ID); the others are off. */
  social: SocialProviderConfig[];
  /** Where providers send the visitor back (registered with each provider). */
  socialCallbackUrl: string;
  /** Social logins started per client IP per minute, and in all. */
  socialStartsPerIp: number;
  socialStartsTotal: number;
  /**
   * The origins the secure frame is served on (FRAME_ORIGINS): only these may start a social login,
   * and the callback page hands the provider's code to the one that started it, nowhere else.
   */
  frameOrigins: string[];
}

/** Requests per minute; past them a client gets 429 with Retry-After. */
export interface RateLimitConfig {
  /** Every route, per client IP; 0: off (a proxy in front limits). */
  perIp: number;
  /** The data API and catalogue, per projectId, all clients together; 0: off. */
  perProject: number;
  /** GET /auth/v1/nonce (a database row each), per client IP. */
  noncePerIp: number;
  /** GET /auth/v1/nonce, all clients together: bounds the nonces stored at once. */
  nonceTotal: number;
}

export interface SiwxConfig {
  /** The EIP-4361 `domain` values (authority: host[:port]) a sign-in message may name. */
  domains: string[];
  /**
   * Per domain (lower case), the origins (scheme://host[:port]) a message's URI may be on: the
   * origin SIWX_DOMAINS names, or for a bare host https (and http on a loopback host).
   */
  origins: Record<string, string[]>;
  /** Longest life of a session (a message's own Expiration Time may end it sooner). */
  sessionTtlSeconds: number;
  /** How long an issued nonce may be used. */
  nonceTtlSeconds: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

/**
 * The zero-config database: an SQLite file per server port under the working directory's .data/
 * (never inside the installed package), so that `npm start` and the e2e stack (each with its own
 * fresh devnet, both chain 31337) never index into the same file at once.
 */
export function defaultSqlitePath(port: number): string {
  return resolve('.data', `cairn-${port}.sqlite`);
}
/** The demo site's hosts under `npm start` and under the e2e suite. */
export const DEFAULT_SIWX_DOMAINS = ['127.0.0.1:5173', 'localhost:5173', '127.0.0.1:24173'];
const SIWX_DOMAIN = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

function address(env: NodeJS.ProcessEnv, name: string): Address | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!isAddress(raw, { strict: false })) throw new ConfigError(name, `must be a 0x-prefixed 20-byte address, got "${raw}"`);
  return getAddress(raw);
}

function privateKey(env: NodeJS.ProcessEnv, name: string): `0x${string}` | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  // The value is a secret: the error never repeats it.
  if (!/^0x[0-9a-fA-F]{64}$/.test(raw)) throw new ConfigError(name, 'must be a 0x-prefixed 32-byte hex private key');
  return raw as `0x${string}`;
}

/** The onramp pays out real coins only on a test chain: a funder key elsewhere is refused at start. */
function onrampFunderKey(env: NodeJS.ProcessEnv, chainId: number, devnet: boolean): `0x${string}` | undefined {
  const name = `ONRAMP_FUNDER_KEY_${chainId}`;
  const key = privateKey(env, name);
  if (key === undefined) return devnet ? DEVNET_ONRAMP_FUNDER_KEY : undefined;
  if (!isTestChain(chainId, boolean(env, `TESTNET_${chainId}`, false))) {
    throw new ConfigError(
      name,
      `is set for chain ${chainId}, which is not a known test network: the local onramp charges no card, so it would give its Ether away. Set a funder key only on a test chain, or mark a private test chain (or a local fork) with TESTNET_${chainId}=true`,
    );
  }
  return key;
}

/** The server's own address, as a browser reaches it when it runs on this machine. */
function ownUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

function onrampConfig(env: NodeJS.ProcessEnv, chains: readonly ChainConfig[], publicUrl: string | undefined, serverUrl: string): OnrampConfig {
  const paidOutside = chains.find((chain) => chain.onrampFunderKey && !DEVNET_CHAIN_IDS.has(chain.chainId));
  if (paidOutside && publicUrl === undefined) {
    throw new ConfigError('PUBLIC_URL', `must be set when the onramp pays on a chain other than the devnet's (eip155:${paidOutside.chainId}): checkout links are built from it, never from a request's Host header`);
  }
  // The devnet stack (`npm start`, the e2e suite) restarts onto one database many times a day.
  const devnetOnly = paidOutside === undefined;
  return {
    checkoutBaseUrl: publicUrl ?? serverUrl,
    priceWindowBlocks: integer(env, 'ONRAMP_PRICE_WINDOW_BLOCKS', 120, 2, 100_000),
    payoutsPerAddressPerDay: integer(env, 'ONRAMP_PAYOUTS_PER_ADDRESS_PER_DAY', 3, 1, 1_000_000),
    payoutsPerIpPerDay: integer(env, 'ONRAMP_PAYOUTS_PER_IP_PER_DAY', devnetOnly ? 1000 : 10, 1, 1_000_000),
    payoutsPerDay: integer(env, 'ONRAMP_PAYOUTS_PER_DAY', devnetOnly ? 100_000 : 200, 1, 100_000_000),
  };
}

function loginConfig(env: NodeJS.ProcessEnv, devnetOnly: boolean, ownUrl: string): LoginConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL');
  const rawSecret = env.LOGIN_SECRET?.trim();
  // The value is a secret: errors never repeat it.
  if (rawSecret !== undefined && rawSecret !== '' && rawSecret.length < 32) throw new ConfigError('LOGIN_SECRET', 'must be at least 32 characters (e.g. `openssl rand -base64 32`)');
  const social = socialProviders(env);
  if (!rawSecret && (smtpUrl !== undefined || social.length > 0) && !devnetOnly) {
    throw new ConfigError('LOGIN_SECRET', 'must be set when SMTP_URL or a social provider is (at least 32 characters, the same on every server copy)');
  }
  const frameOrigins = (list(env, 'FRAME_ORIGINS') ?? (devnetOnly ? DEVNET_FRAME_ORIGINS : [])).map((value) => origin(value, 'FRAME_ORIGINS'));
  if (frameOrigins.includes('*')) throw new ConfigError('FRAME_ORIGINS', 'must list exact origins (not *): the code of a social login goes only there');
  if (social.length > 0 && frameOrigins.length === 0) {
    throw new ConfigError('FRAME_ORIGINS', 'must be set when a social provider is: the origin the secure frame is served on, like https://wallet.shop.example');
  }
  return {
    // The devnet stack gets a secret per process: codes and logins end with it, as a devnet does.
    secret: rawSecret ? new TextEncoder().encode(rawSecret) : new Uint8Array(randomBytes(32)),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Cairn <login@localhost>',
    siteName: env.LOGIN_SITE_NAME?.trim() || 'Cairn',
    sessionTtlSeconds: integer(env, 'LOGIN_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    codesPerAddressPerHour: integer(env, 'EMAIL_CODES_PER_ADDRESS_PER_HOUR', 5, 1, 1000),
    codesPerIp: integer(env, 'EMAIL_CODE_RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
    codesTotal: integer(env, 'EMAIL_CODE_RATE_LIMIT_TOTAL_PER_MINUTE', 600, 1, 10_000_000),
    social,
    socialCallbackUrl: httpUrl(env, 'SOCIAL_CALLBACK_URL') ?? `${ownUrl}/auth/v1/social/callback`,
    socialStartsPerIp: integer(env, 'SOCIAL_RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    socialStartsTotal: integer(env, 'SOCIAL_RATE_LIMIT_TOTAL_PER_MINUTE', 1200, 1, 10_000_000),
    frameOrigins,
  };
}

function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  return url.href.replace(/\/$/, '');
}

function socialProviders(env: NodeJS.ProcessEnv): SocialProviderConfig[] {
  return SOCIAL_LOGIN_PROVIDERS.flatMap((id): SocialProviderConfig[] => {
    const prefix = `SOCIAL_${id.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`]?.trim();
    if (!clientId) return [];
    const clientSecret = env[`${prefix}CLIENT_SECRET`]?.trim();
    if (!clientSecret) throw new ConfigError(`${prefix}CLIENT_SECRET`, `must be set with ${prefix}CLIENT_ID`);
    const preset = SOCIAL_PRESETS[id];
    const scopes = list(env, `${prefix}SCOPES`) ?? preset.scopes;
    if (preset.kind === 'oidc') return [{ ...preset, id, clientId, clientSecret, scopes, issuer: httpUrl(env, `${prefix}ISSUER`) ?? preset.issuer }];
    return [
      {
        ...preset,
        id,
        clientId,
        clientSecret,
        scopes,
        authorizationUrl: httpUrl(env, `${prefix}AUTHORIZATION_URL`) ?? preset.authorizationUrl,
        tokenUrl: httpUrl(env, `${prefix}TOKEN_URL`) ?? preset.tokenUrl,
        userinfoUrl: httpUrl(env, `${prefix}USERINFO_URL`) ?? preset.userinfoUrl,
      },
    ];
  });
}

function nameZone(raw: string | undefined): string {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return '.cairn.id';
  const zone = value.startsWith('.') ? value : `.${value}`;
  if (!/^(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?){2,4}$/.test(zone)) throw new ConfigError('NAME_ZONE', `must be a domain like cairn.id, got "${raw}"`);
  return zone;
}

function databaseConfig(raw: string | undefined, port: number): DatabaseConfig {
  if (raw === undefined || raw.trim() === '') return { dialect: 'sqlite', path: defaultSqlitePath(port) };
  const value = raw.trim();
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { dialect: 'postgres', url: value };
  }
  const sqlite = /^sqlite:(.+)$/.exec(value);
  if (sqlite) {
    const path = sqlite[1]!.replace(/^\/\/(?=\/)/, '');
    return { dialect: 'sqlite', path: path === ':memory:' || isAbsolute(path) ? path : resolve(path) };
  }
  throw new ConfigError('DATABASE_URL', `must be postgres://… or sqlite:<file> (or unset for the default SQLite file), got "${value.replace(/\/\/[^@]*@/, '//…@')}"`);
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i;

/**
 * SIWX_DOMAINS: bare hosts (`shop.example`, `127.0.0.1:5173`), whose messages' URIs must be on
 * https (or http on a loopback host), or origins (`https://shop.example`), which name the scheme.
 */
function siwxSites(entries: string[]): Pick<SiwxConfig, 'domains' | 'origins'> {
  const origins: Record<string, string[]> = {};
  for (const entry of entries) {
    let domain = entry;
    let allowed: string[];
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new ConfigError('SIWX_DOMAINS', `must list hosts or origins, like shop.example or https://shop.example, got "${entry}"`);
      }
      if (url.origin !== entry.replace(/\/$/, '')) throw new ConfigError('SIWX_DOMAINS', `must list origins without a path, like https://shop.example, got "${entry}"`);
      domain = url.host;
      allowed = [url.origin];
    } else {
      if (!SIWX_DOMAIN.test(entry)) throw new ConfigError('SIWX_DOMAINS', `must list hosts with an optional port, like shop.example or 127.0.0.1:5173, got "${entry}"`);
      allowed = LOOPBACK_HOST.test(entry) ? [`https://${entry}`, `http://${entry}`] : [`https://${entry}`];
    }
    const key = domain.toLowerCase();
    origins[key] = [...new Set([...(origins[key] ?? []), ...allowed.map((o) => o.toLowerCase())])];
  }
  return { domains: Object.keys(origins), origins };
}

function trustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  const value = raw?.trim();
  if (value === undefined || value === '' || /^(false|0|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const proxies = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (proxies.every((item) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(item))) return proxies;
  throw new ConfigError('TRUST_PROXY', `must be false, true, a hop count or proxy addresses (CIDR allowed), got "${raw}"`);
}

function origin(value: string, name = 'CORS_ORIGINS'): string {
  if (value === '*') return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must list origins like http://127.0.0.1:5173 (or *), got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(name, `must list origins like http://127.0.0.1:5173 (scheme, host and port only), got "${value}"`);
  }
  return url.origin;
}

function spamContract(value: string): string {
  const caip10 = /^eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(value);
  if (caip10) return `${Number(caip10[1])}:${caip10[2]!.toLowerCase()}`;
  if (isAddress(value, { strict: false })) return `*:${value.toLowerCase()}`;
  throw new ConfigError('SPAM_CONTRACTS', `must list addresses (every chain) or eip155:<chainId>:<address>, got "${value}"`);
}

/** One or more http(s) URLs, comma-separated (failover order). Errors never repeat a URL: it may carry a node key. */
function rpcUrls(key: string, value: string): string[] {
  const urls = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (urls.length === 0) throw new ConfigError(key, 'must be an http(s) URL (or several, comma-separated)');
  urls.forEach((item, index) => {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw new ConfigError(key, `must be an http(s) URL (or several, comma-separated): entry ${index + 1} is not one`);
  });
  return urls;
}

function chains(env: NodeJS.ProcessEnv): ChainConfig[] {
  const configured = Object.entries(env).flatMap(([key, value]) => {
    const match = /^RPC_URL_(\d+)$/.exec(key);
    if (!match || !value) return [];
    const urls = rpcUrls(key, value);
    const chainId = Number(match[1]);
    if (!Number.isSafeInteger(chainId) || chainId < 1) throw new ConfigError(key, 'names an invalid chain id');
    return [{ chainId, rpcUrls: urls }];
  });
  const base = configured.length > 0 ? configured : DEVNET_CHAINS.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrls: [rpcUrl] }));
  return base
    .sort((a, b) => a.chainId - b.chainId)
    .map(({ chainId, rpcUrls }) => {
      const devnet = DEVNET_CHAIN_IDS.has(chainId);
      return {
        chainId,
        rpcUrl: rpcUrls[0]!,
        rpcUrls,
        multicallAddress: address(env, `MULTICALL_ADDRESS_${chainId}`) ?? (devnet ? DEVNET_CONTRACTS.multicall3 : CANONICAL_MULTICALL3),
        stablecoinAddress: address(env, `STABLECOIN_ADDRESS_${chainId}`) ?? (devnet ? DEVNET_CONTRACTS.testUsd : undefined),
        ammFactoryAddress: address(env, `AMM_FACTORY_ADDRESS_${chainId}`) ?? (devnet ? DEVNET_CONTRACTS.ammFactory : undefined),
        wrappedNativeAddress: address(env, `WRAPPED_NATIVE_ADDRESS_${chainId}`) ?? (devnet ? DEVNET_CONTRACTS.weth : undefined),
        ammRouterAddress:
          env[`AMM_ROUTER_ADDRESS_${chainId}`]?.trim() === 'none'
            ? undefined
            : (address(env, `AMM_ROUTER_ADDRESS_${chainId}`) ?? (devnet ? DEVNET_CONTRACTS.ammRouter : undefined)),
        onrampFunderKey: onrampFunderKey(env, chainId, devnet),
        indexerStartBlock: integer(env, `INDEXER_START_BLOCK_${chainId}`, 0, 0, Number.MAX_SAFE_INTEGER),
      };
    });
}

/** Polkadot, Kusama and Westend relay chains, and the devnet's local chain (chopsticks gives it the genesis hash 0x4545…). */
const DEFAULT_POLKADOT_SIGN_IN_NETWORKS = ['91b171bb158e2d3848fa23a9f1c25182', 'b0a8d493285c2df73290dfb7e61f870f', 'e143f23803ac50e8f6f8e62695d1ce9e', '45'.repeat(16)];

function solanaChains(env: NodeJS.ProcessEnv): SolanaChainConfig[] {
  const configured = Object.entries(env).flatMap(([key, value]) => {
    const match = /^RPC_URL_SOLANA_(.+)$/.exec(key);
    if (!match || !value) return [];
    if (!/^[-_a-zA-Z0-9]{1,32}$/.test(match[1]!)) throw new ConfigError(key, 'must name a CAIP-2 reference (the genesis hash prefix, or localnet)');
    return [{ reference: match[1]!, rpcUrls: rpcUrls(key, value) }];
  });
  const base = configured.length > 0 || anyChainNamed(env) ? configured : [{ reference: DEVNET_SOLANA_CHAIN.reference, rpcUrls: [DEVNET_SOLANA_CHAIN.rpcUrl] }];
  return base.map(({ reference, rpcUrls }) => ({ reference, rpcUrl: rpcUrls[0]!, rpcUrls, tokens: reference === DEVNET_SOLANA_CHAIN.reference ? DEVNET_SOLANA_TOKENS : {} }));
}

// With no chain named at all this is the devnet stack: its local Solana and Polkadot chains too.
const anyChainNamed = (env: NodeJS.ProcessEnv) => Object.keys(env).some((key) => /^RPC_URL_(\d+|SOLANA_.+|POLKADOT_.+)$/.test(key) && env[key]);

function polkadotChains(env: NodeJS.ProcessEnv): PolkadotChainConfig[] {
  const configured = Object.entries(env).flatMap(([key, value]) => {
    const match = /^RPC_URL_POLKADOT_(.+)$/.exec(key);
    if (!match || !value) return [];
    if (!/^[0-9a-f]{32}$/.test(match[1]!)) throw new ConfigError(key, "must name a CAIP-2 reference (the genesis hash's first 32 hex digits, lower case)");
    return [{ reference: match[1]!, rpcUrls: rpcUrls(key, value) }];
  });
  return configured.length > 0 || anyChainNamed(env) ? configured : [{ reference: DEVNET_POLKADOT_CHAIN.reference, rpcUrls: [DEVNET_POLKADOT_CHAIN.rpcUrl] }];
}

function rpcProxyConfig(env: NodeJS.ProcessEnv, devnetOnly: boolean): RpcProxyConfig {
  const defaultBlockTimeMs = integer(env, 'RPC_BLOCK_TIME_MS', 1000, 0, 600_000);
  const blockTimes = new Map(
    Object.keys(env).flatMap((key) => {
      const match = /^RPC_BLOCK_TIME_MS_(\d+)$/.exec(key);
      return match ? [[Number(match[1]), integer(env, key, defaultBlockTimeMs, 0, 600_000)] as const] : [];
    }),
  );
  return {
    // The devnet stack's every page and test comes from 127.0.0.1.
    callsPerMinute: integer(env, 'RPC_CALLS_PER_MINUTE', devnetOnly ? 1_000_000 : 3000, 1, 100_000_000),
    projectCallsPerMinute: integer(env, 'RPC_PROJECT_CALLS_PER_MINUTE', devnetOnly ? 10_000_000 : 600_000, 1, 1_000_000_000),
    maxBatchCalls: integer(env, 'RPC_MAX_BATCH_CALLS', 100, 1, 1000),
    maxBodyBytes: integer(env, 'RPC_MAX_BODY_BYTES', 512 * 1024, 1024, 16 * 1024 * 1024),
    upstreamTimeoutMs: integer(env, 'RPC_UPSTREAM_TIMEOUT_MS', 10_000, 100, 120_000),
    cacheBytes: integer(env, 'RPC_CACHE_MB', 32, 0, 65_536) * 1024 * 1024,
    blockTimeMs: (chainId) => blockTimes.get(chainId) ?? defaultBlockTimeMs,
  };
}

/** Reads configuration from the environment (documented in .env.example at the repository root). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as ServerConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl)) throw new ConfigError('PUBLIC_URL', `must be an http(s) URL, got "${publicUrl}"`);
  const projectIds = list(env, 'PROJECT_IDS') ?? [DEVNET_PROJECT_ID];
  for (const id of projectIds) {
    if (!/^[\w.-]{1,128}$/.test(id)) throw new ConfigError('PROJECT_IDS', `must list ids of letters, digits, '.', '_' or '-', got "${id}"`);
  }
  const port = integer(env, 'SERVER_PORT', 8787, 0, 65535);
  const host = env.SERVER_HOST?.trim() || '127.0.0.1';
  const servedChains = chains(env);
  const devnetOnly = servedChains.every((chain) => DEVNET_CHAIN_IDS.has(chain.chainId));
  return {
    host,
    port,
    database: databaseConfig(env.DATABASE_URL, port),
    chains: servedChains,
    solanaChains: solanaChains(env),
    polkadotChains: polkadotChains(env),
    rpcProxy: rpcProxyConfig(env, devnetOnly),
    polkadotSignInNetworks: (list(env, 'POLKADOT_SIGN_IN_NETWORKS') ?? DEFAULT_POLKADOT_SIGN_IN_NETWORKS).map((reference) => {
      if (!/^[0-9a-f]{32}$/.test(reference)) throw new ConfigError('POLKADOT_SIGN_IN_NETWORKS', `must list CAIP-2 references (a genesis hash's first 32 hex digits), got "${reference}"`);
      return reference;
    }),
    corsOrigins: (list(env, 'CORS_ORIGINS') ?? DEVNET_CORS_ORIGINS).map((value) => origin(value)),
    projectIds,
    spamContracts: (list(env, 'SPAM_CONTRACTS') ?? [DEVNET_CONTRACTS.spamNft]).map(spamContract),
    indexer: {
      enabled: boolean(env, 'INDEXER_ENABLED', true),
      pollMs: integer(env, 'INDEXER_POLL_MS', 1000, 10, 3_600_000),
      // A devnet is restarted fresh onto the same database (npm start, e2e): follow it whatever the depth.
      reorgWindow: integer(env, 'INDEXER_REORG_WINDOW', servedChains.every((chain) => DEVNET_CHAIN_IDS.has(chain.chainId)) ? Number.MAX_SAFE_INTEGER : DEFAULT_REORG_WINDOW, 1, Number.MAX_SAFE_INTEGER),
    },
    analyticsEnabled: boolean(env, 'ANALYTICS_ENABLED', false),
    logLevel,
    publicUrl: publicUrl?.replace(/\/$/, ''),
    extraWalletsFile: env.EXTRA_WALLETS_FILE?.trim() || undefined,
    siwx: {
      ...siwxSites(list(env, 'SIWX_DOMAINS') ?? DEFAULT_SIWX_DOMAINS),
      sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
      nonceTtlSeconds: integer(env, 'NONCE_TTL_SECONDS', 600, 10, 24 * 3600),
    },
    // On by default only for the devnet stack (`npm start`, the tests): a deployment that names a
    // real chain gets no relay unless it asks for one.
    relay: {
      enabled: boolean(env, 'RELAY_ENABLED', servedChains.every((chain) => DEVNET_CHAIN_IDS.has(chain.chainId))),
      maxConnections: integer(env, 'RELAY_MAX_CONNECTIONS', 4000, 1, 1_000_000),
      maxConnectionsPerIp: integer(env, 'RELAY_MAX_CONNECTIONS_PER_IP', 50, 1, 100_000),
      maxStoredMb: integer(env, 'RELAY_MAX_STORED_MB', 128, 1, 65_536),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    forcedRefreshMs: integer(env, 'FORCED_REFRESH_MS', 10_000, 0, 3_600_000),
    login: loginConfig(env, servedChains.every((chain) => DEVNET_CHAIN_IDS.has(chain.chainId)), publicUrl?.replace(/\/$/, '') ?? `http://${env.SERVER_HOST?.trim() || '127.0.0.1'}:${port}`),
    nameZone: nameZone(env.NAME_ZONE),
    nameRegistrations: {
      perIpPerDay: integer(env, 'NAME_REGISTRATIONS_PER_IP_PER_DAY', devnetOnly ? 1000 : 20, 1, 1_000_000),
      perDay: integer(env, 'NAME_REGISTRATIONS_PER_DAY', devnetOnly ? 100_000 : 2000, 1, 100_000_000),
    },
    onramp: onrampConfig(env, servedChains, publicUrl?.replace(/\/$/, ''), ownUrl(host, port)),
    rateLimit: {
      perIp: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 100_000_000),
      perProject: integer(env, 'RATE_LIMIT_PROJECT_PER_MINUTE', 60_000, 0, 100_000_000),
      noncePerIp: integer(env, 'NONCE_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
      nonceTotal: integer(env, 'NONCE_RATE_LIMIT_TOTAL_PER_MINUTE', 3000, 1, 10_000_000),
    },
  };
}
