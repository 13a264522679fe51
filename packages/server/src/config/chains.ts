import type { Address } from 'viem';
import { CANONICAL_MULTICALL3, DEVNET_CHAINS, DEVNET_CHAIN_IDS, DEVNET_CONTRACTS, DEVNET_POLKADOT_CHAIN, DEVNET_SOLANA_CHAIN, DEVNET_SOLANA_TOKENS } from '../devnetDefaults.ts';
import { ConfigError } from './configError.ts';
import { onrampFunderKey } from './onramp.ts';
import { address, integer, type Env } from './readers.ts';

export interface ChainConfig {
  chainId: number;
  /** The first of rpcUrls: the node the indexer and the data API read. */
  rpcUrl: string;
  /** RPC_URL_<chainId>, comma-separated: the RPC proxy fails over from one to the next. */
  rpcUrls: string[];
  /** RPC_WS_URL_<chainId>, comma-separated: the node's websocket, for subscriptions through the RPC proxy; none: no WebSocket. */
  wsUrls: string[];
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
  /** RPC_WS_URL_SOLANA_<reference>, comma-separated (a validator's websocket is its RPC port + 1); none: no WebSocket. */
  wsUrls: string[];
  /** Names of SPL mints (none is on chain without a metadata program): mint -> name, symbol. */
  tokens: Readonly<Record<string, { name: string; symbol: string }>>;
}

/** A Polkadot chain the RPC proxy serves over HTTP: `polkadot:<reference>` (RPC_URL_POLKADOT_<reference>). */
export interface PolkadotChainConfig {
  /** CAIP-2 reference: the genesis hash's first 32 hex digits. */
  reference: string;
  rpcUrls: string[];
  /** RPC_WS_URL_POLKADOT_<reference>, comma-separated; none: no WebSocket. */
  wsUrls: string[];
}

/** The devnet stack (`npm start`, the tests): every served EVM chain is one of the devnet's. */
export function servesOnlyDevnet(chains: readonly ChainConfig[]): boolean {
  return chains.every((chain) => DEVNET_CHAIN_IDS.has(chain.chainId));
}

/** A chain's upstreams at most: the RPC proxy writes a filter's upstream into its id as one hex digit (rpc/filterIds.ts). */
const MAX_UPSTREAMS = 15;

/** One or more URLs of `scheme` (http, ws), comma-separated (failover order). Errors never repeat a URL: it may carry a node key. */
function urlList(key: string, value: string, scheme: 'http' | 'ws' = 'http'): string[] {
  const what = `${scheme === 'http' ? 'an' : 'a'} ${scheme}(s) URL (or several, comma-separated)`;
  const urls = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (urls.length === 0) throw new ConfigError(key, `must be ${what}`);
  if (urls.length > MAX_UPSTREAMS) throw new ConfigError(key, `names ${urls.length} URLs: at most ${MAX_UPSTREAMS}`);
  urls.forEach((item, index) => {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== `${scheme}:` && url.protocol !== `${scheme}s:`) throw new ConfigError(key, `must be ${what}: entry ${index + 1} is not one`);
  });
  return urls;
}

const rpcUrls = (key: string, value: string) => urlList(key, value);

/** RPC_WS_URL_<suffix>: the websocket URLs of the chain RPC_URL_<suffix> names; none when unset. */
const wsUrls = (env: Env, suffix: string): string[] => {
  const value = env[`RPC_WS_URL_${suffix}`];
  return value ? urlList(`RPC_WS_URL_${suffix}`, value, 'ws') : [];
};

/** The devnet's websocket beside its HTTP RPC (Anvil and chopsticks answer both on one port). */
const sameSocket = (url: string) => [url.replace(/^http/, 'ws')];

/** The EVM chains (RPC_URL_<chainId>) and their contracts; the devnet's two by default. */
export function chains(env: Env): ChainConfig[] {
  const configured = Object.entries(env).flatMap(([key, value]) => {
    const match = /^RPC_URL_(\d+)$/.exec(key);
    if (!match || !value) return [];
    const urls = rpcUrls(key, value);
    const chainId = Number(match[1]);
    if (!Number.isSafeInteger(chainId) || chainId < 1) throw new ConfigError(key, 'names an invalid chain id');
    return [{ chainId, rpcUrls: urls, wsUrls: wsUrls(env, String(chainId)) }];
  });
  const base = configured.length > 0 ? configured : DEVNET_CHAINS.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrls: [rpcUrl], wsUrls: sameSocket(rpcUrl) }));
  return base
    .sort((a, b) => a.chainId - b.chainId)
    .map(({ chainId, rpcUrls, wsUrls }) => {
      const devnet = DEVNET_CHAIN_IDS.has(chainId);
      return {
        chainId,
        rpcUrl: rpcUrls[0]!,
        rpcUrls,
        wsUrls,
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

// With no chain named at all this is the devnet stack: its local Solana and Polkadot chains too.
const anyChainNamed = (env: Env) => Object.keys(env).some((key) => /^RPC_URL_(\d+|SOLANA_.+|POLKADOT_.+)$/.test(key) && env[key]);

export function solanaChains(env: Env): SolanaChainConfig[] {
  const configured = Object.entries(env).flatMap(([key, value]) => {
    const match = /^RPC_URL_SOLANA_(.+)$/.exec(key);
    if (!match || !value) return [];
    if (!/^[-_a-zA-Z0-9]{1,32}$/.test(match[1]!)) throw new ConfigError(key, 'must name a CAIP-2 reference (the genesis hash prefix, or localnet)');
    return [{ reference: match[1]!, rpcUrls: rpcUrls(key, value), wsUrls: wsUrls(env, `SOLANA_${match[1]!}`) }];
  });
  const base = configured.length > 0 || anyChainNamed(env) ? configured : [{ reference: DEVNET_SOLANA_CHAIN.reference, rpcUrls: [DEVNET_SOLANA_CHAIN.rpcUrl], wsUrls: [DEVNET_SOLANA_CHAIN.wsUrl] }];
  return base.map(({ reference, rpcUrls, wsUrls }) => ({ reference, rpcUrl: rpcUrls[0]!, rpcUrls, wsUrls, tokens: reference === DEVNET_SOLANA_CHAIN.reference ? DEVNET_SOLANA_TOKENS : {} }));
}

export function polkadotChains(env: Env): PolkadotChainConfig[] {
  const configured = Object.entries(env).flatMap(([key, value]) => {
    const match = /^RPC_URL_POLKADOT_(.+)$/.exec(key);
    if (!match || !value) return [];
    if (!/^[0-9a-f]{32}$/.test(match[1]!)) throw new ConfigError(key, "must name a CAIP-2 reference (the genesis hash's first 32 hex digits, lower case)");
    return [{ reference: match[1]!, rpcUrls: rpcUrls(key, value), wsUrls: wsUrls(env, `POLKADOT_${match[1]!}`) }];
  });
  return configured.length > 0 || anyChainNamed(env)
    ? configured
    : [{ reference: DEVNET_POLKADOT_CHAIN.reference, rpcUrls: [DEVNET_POLKADOT_CHAIN.rpcUrl], wsUrls: sameSocket(DEVNET_POLKADOT_CHAIN.rpcUrl) }];
}
