import { createPublicClient, decodeAbiParameters, getAddress, http, size, type Address, type Hex } from 'viem';

/** A token's decimals and symbol as its contract answered them, when both are sane. */
export interface TokenMetadata {
  decimals: number;
  symbol: string;
}

/** Reads one call's return data from the chain (eth_call through the frame's own RPC URL). */
export type ReadCall = (to: Address, data: Hex) => Promise<Hex>;

const DECIMALS_SELECTOR = '0x313ce567';
const SYMBOL_SELECTOR = '0x95d89b41';
/** No real token has more; 10^36 of a smallest unit is already past any supply shown sensibly. */
export const MAX_TOKEN_DECIMALS = 36;
/** A symbol is a short ticker; a long one, or one with spaces or brackets, could pose as the address beside it. */
const SYMBOL = /^[\p{L}\p{N}._+\-$₮]{1,24}$/u;
const MAX_SYMBOL_ANSWER_BYTES = 256;
export const TOKEN_READ_TIMEOUT_MS = 3_000;
/** Tokens remembered per frame page; each needs an approval screen to be read, so this fills slowly. */
const MAX_CACHED_TOKENS = 256;

/**
 * The token's metadata from its `decimals()` and `symbol()` answers, or undefined when either is
 * not what ERC-20 says (decimals above MAX_TOKEN_DECIMALS, a symbol that is no ABI string, such as
 * MKR's bytes32, or one that is no plain ticker): the screen then shows the raw integer, never a guess.
 */
export function readTokenMetadata(decimalsAnswer: Hex, symbolAnswer: Hex): TokenMetadata | undefined {
  if (size(decimalsAnswer) !== 32 || size(symbolAnswer) > MAX_SYMBOL_ANSWER_BYTES) return undefined;
  const decimals = BigInt(decimalsAnswer);
  if (decimals > BigInt(MAX_TOKEN_DECIMALS)) return undefined;
  let symbol: string;
  try {
    [symbol] = decodeAbiParameters([{ type: 'string' }], symbolAnswer);
  } catch {
    return undefined;
  }
  return SYMBOL.test(symbol) ? { decimals: Number(decimals), symbol } : undefined;
}

/** An eth_call reader over the frame's RPC URL, each call bounded by `timeoutMs`. */
export function rpcCallReader(rpcUrl: string, timeoutMs = TOKEN_READ_TIMEOUT_MS): ReadCall {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
  return async (to, data) => (await client.call({ to, data })).data ?? '0x';
}

/**
 * Token metadata per chain and token, read once (one `decimals()` and one `symbol()` call) and
 * kept; a read that fails (a timeout, the node down) is not kept, so the next screen asks again.
 */
export function tokenMetadataCache(maxEntries = MAX_CACHED_TOKENS) {
  const kept = new Map<string, TokenMetadata | undefined>();
  return async function tokenMetadata(chainId: number, token: Address, read: ReadCall): Promise<TokenMetadata | undefined> {
    const key = `${chainId}:${getAddress(token)}`;
    if (kept.has(key)) return kept.get(key);
    let answers: [Hex, Hex];
    try {
      answers = await Promise.all([read(token, DECIMALS_SELECTOR), read(token, SYMBOL_SELECTOR)]);
    } catch {
      return undefined;
    }
    const metadata = readTokenMetadata(...answers);
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(key, metadata);
    return metadata;
  };
}
