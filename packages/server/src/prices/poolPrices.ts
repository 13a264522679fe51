import { parseAbi, zeroAddress, type Address } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import { readContracts } from '../chain/readContracts.ts';
import type { CacheBus } from '../cache/cacheBus.ts';
import { valueCache } from '../cache/sharedTtlCache.ts';
import { TtlCache } from '../cache/ttlCache.ts';

export const NATIVE = 'native';
/** A token to price: its address (lowercase) or NATIVE, and its decimals. */
export type PricedToken = { address: string; decimals: number };

export const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)']);
export const pairAbi = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)', 'function token0() view returns (address)']);
const erc20Abi = parseAbi(['function decimals() view returns (uint8)']);

/** Prices move with every swap; a few seconds of reuse spares the node on a busy page. */
const PRICE_TTL_MS = 10_000;
/** A pool's address does not change; an hour bounds what a redeployed devnet can leave stale. */
const PAIR_TTL_MS = 3_600_000;
const PRECISION = 10n ** 18n;

/**
 * USD prices read from the chain itself: a token's price is the spot price of its pool against
 * the chain's USD stablecoin in a Uniswap-V2-style AMM (factory.getPair, pair.getReserves). The
 * stablecoin is worth 1; the native coin is priced through its wrapped token's pool. No
 * stablecoin, no factory, no pool or an empty pool: price 0.
 */
export class PoolPrices {
  private readonly cache;
  private readonly stableDecimals = new Map<number, Promise<number | null>>();
  private readonly pairs = new TtlCache<string, Address>(PAIR_TTL_MS);

  /** `bus`: the replicas share their prices (REDIS_URL). */
  constructor(bus?: CacheBus) {
    this.cache = valueCache<number>(bus, 'price', PRICE_TTL_MS);
  }

  /** `fresh`: read the pools now rather than reuse a price of the last few seconds. */
  async usdPrices(chain: ChainContext, tokens: readonly PricedToken[], { fresh = false } = {}): Promise<Map<string, number>> {
    const prices = new Map<string, number>();
    const { stablecoinAddress: stable, ammFactoryAddress: factory, wrappedNativeAddress: wrapped, chainId } = chain.config;
    const missing: PricedToken[] = [];
    for (const token of tokens) {
      const cached = fresh ? undefined : this.cache.get(`${chainId}:${token.address}`);
      if (cached !== undefined) prices.set(token.address, cached);
      else if (stable && token.address === stable.toLowerCase()) prices.set(token.address, 1);
      else missing.push(token);
    }
    if (missing.length === 0) return prices;
    const poolTokens = missing.map((token) => (token.address === NATIVE ? wrapped : (token.address as Address)));
    const stableDecimals = stable ? await this.decimalsOfStable(chain, stable) : null;
    if (!stable || !factory || stableDecimals === null) {
      for (const token of missing) prices.set(token.address, 0);
      return prices;
    }
    const pairAddresses = await this.pairsOf(chain, factory, stable, poolTokens);
    const reads = await readContracts(
      chain,
      pairAddresses.flatMap((pair) =>
        pair ? [{ address: pair, abi: pairAbi, functionName: 'getReserves' }, { address: pair, abi: pairAbi, functionName: 'token0' }] : [],
      ),
    );
    let cursor = 0;
    missing.forEach((token, index) => {
      let price = 0;
      if (pairAddresses[index]) {
        const reserves = reads[cursor++]!;
        const token0 = reads[cursor++]!;
        if (reserves.ok && token0.ok) {
          const [reserve0, reserve1] = reserves.value as readonly [bigint, bigint, number];
          const stableIsToken0 = (token0.value as string).toLowerCase() === stable.toLowerCase();
          price = spotPrice(stableIsToken0 ? reserve1 : reserve0, token.decimals, stableIsToken0 ? reserve0 : reserve1, stableDecimals);
        }
      }
      this.cache.set(`${chainId}:${token.address}`, price);
      prices.set(token.address, price);
    });
    return prices;
  }

  /**
   * Each token's pool against the stablecoin, undefined where there is none. A pool once created
   * keeps its address, so it is remembered: a fresh price (after the visitor's own swap) then reads
   * only the reserves, one round trip to the node instead of two.
   */
  private async pairsOf(chain: ChainContext, factory: Address, stable: Address, tokens: readonly (Address | undefined)[]): Promise<(Address | undefined)[]> {
    const key = (token: Address) => `${chain.config.chainId}:${factory}:${token.toLowerCase()}`;
    const unknown = [...new Set(tokens.filter((token): token is Address => token !== undefined && this.pairs.get(key(token)) === undefined))];
    const found = await readContracts(chain, unknown.map((token) => ({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [token, stable] })));
    unknown.forEach((token, index) => {
      const pair = found[index];
      if (pair?.ok && pair.value !== zeroAddress) this.pairs.set(key(token), pair.value as Address);
    });
    return tokens.map((token) => (token ? this.pairs.get(key(token)) : undefined));
  }

  /** The stablecoin's decimals (read once per chain); null when the read fails. */
  decimalsOfStable(chain: ChainContext, stable: Address): Promise<number | null> {
    let decimals = this.stableDecimals.get(chain.config.chainId);
    if (!decimals) {
      decimals = readContracts(chain, [{ address: stable, abi: erc20Abi, functionName: 'decimals' }]).then(([result]) =>
        result?.ok ? Number(result.value) : null,
      );
      // A failed read is retried next time rather than remembered.
      decimals.then((value) => value === null && this.stableDecimals.delete(chain.config.chainId), () => this.stableDecimals.delete(chain.config.chainId));
      this.stableDecimals.set(chain.config.chainId, decimals);
    }
    return decimals;
  }
}

/** Stablecoin units per whole token, from a pool's reserves (0 for an empty pool). */
export function spotPrice(tokenReserve: bigint, tokenDecimals: number, stableReserve: bigint, stableDecimals: number): number {
  if (tokenReserve === 0n || stableReserve === 0n) return 0;
  const scaled = (stableReserve * 10n ** BigInt(tokenDecimals) * PRECISION) / (tokenReserve * 10n ** BigInt(stableDecimals));
  return Number(scaled) / Number(PRECISION);
}
