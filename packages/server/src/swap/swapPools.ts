import { parseAbi, zeroAddress, type Address } from 'viem';
import { TtlCache } from '../cache/ttlCache.ts';
import type { ChainContext } from '../chain/chainContext.ts';
import { readContracts } from '../chain/readContracts.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import type { ServerServices } from '../services.ts';
import { chainIdFromCaip2 } from '../http/schemas.ts';
import { amountOutAlong, priceImpactPercent, type PathPool } from './swapMath.ts';

const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)']);
const pairAbi = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)']);

/** A chain that offers swaps: a router over a factory's pools. */
export type SwapChain = ChainContext & { router: Address; factory: Address };

/** The chain a CAIP-2 id names, if it has a swap router; otherwise SPEC §8's 'Network not supported for Swaps'. */
export function swapChain(services: ServerServices, caip2: string, field: string): SwapChain {
  const chain = services.chains.get(chainIdFromCaip2(caip2));
  const { ammRouterAddress: router, ammFactoryAddress: factory } = chain?.config ?? {};
  if (!chain || !router || !factory) throw new ApiError(400, ERROR_TEXTS.swapsNetworkNotSupported, field);
  return { ...chain, router, factory };
}

/** A route through the pools: the path the router takes (wrapped native in place of the coin) and what it gives. */
export type SwapRoute = { path: Address[]; amountOut: bigint; priceImpact: number };

/** Pair addresses never change once created; a pair that does not exist yet may, so both are re-read now and then. */
const PAIR_TTL_MS = 10 * 60_000;

/**
 * Finds the best route for a swap along the factory's pools: straight, or through the chain's
 * stablecoin or wrapped native coin. Two node calls per quote (pairs, then reserves), pairs cached.
 */
export class SwapPools {
  private readonly pairs = new TtlCache<string, Address>(PAIR_TTL_MS, 20_000);

  async bestRoute(chain: SwapChain, tokenIn: Address, tokenOut: Address, amountIn: bigint): Promise<SwapRoute | undefined> {
    const hubs = [chain.config.stablecoinAddress, chain.config.wrappedNativeAddress].filter((hub): hub is Address => hub !== undefined);
    const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
    if (same(tokenIn, tokenOut)) return undefined;
    const paths: Address[][] = [[tokenIn, tokenOut]];
    for (const hub of hubs) if (!same(hub, tokenIn) && !same(hub, tokenOut)) paths.push([tokenIn, hub, tokenOut]);

    const hops = paths.flatMap((path) => path.slice(1).map((token, index) => [path[index]!, token] as const));
    const pairOf = await this.pairAddresses(chain, hops);
    const usable = paths.filter((path) => path.slice(1).every((token, index) => pairOf.get(pairKey(path[index]!, token))));
    const pairsToRead = [...new Set(usable.flatMap((path) => path.slice(1).map((token, index) => pairOf.get(pairKey(path[index]!, token))!)))];
    const reads = await readContracts(chain, pairsToRead.map((pair) => ({ address: pair, abi: pairAbi, functionName: 'getReserves' })));
    const reserves = new Map(pairsToRead.map((pair, index) => [pair, reads[index]!]));

    let best: SwapRoute | undefined;
    for (const path of usable) {
      const pools: PathPool[] = [];
      for (let index = 0; index < path.length - 1; index++) {
        const read = reserves.get(pairOf.get(pairKey(path[index]!, path[index + 1]!))!);
        if (!read?.ok) break;
        const [reserve0, reserve1] = read.value as readonly [bigint, bigint, number];
        // The pair sorts its tokens by address: token0 is the lower one.
        const inIsToken0 = path[index]!.toLowerCase() < path[index + 1]!.toLowerCase();
        pools.push(inIsToken0 ? { reserveIn: reserve0, reserveOut: reserve1 } : { reserveIn: reserve1, reserveOut: reserve0 });
      }
      if (pools.length !== path.length - 1) continue;
      const out = amountOutAlong(amountIn, pools);
      if (out > 0n && (!best || out > best.amountOut)) best = { path, amountOut: out, priceImpact: priceImpactPercent(amountIn, out, pools) };
    }
    return best;
  }

  /** Whether each token has a pool against one of the chain's hubs (the tokens worth listing). */
  async hasPool(chain: SwapChain, tokens: readonly Address[]): Promise<boolean[]> {
    const hubs = [chain.config.stablecoinAddress, chain.config.wrappedNativeAddress].filter((hub): hub is Address => hub !== undefined);
    const hops = tokens.flatMap((token) => hubs.filter((hub) => hub.toLowerCase() !== token.toLowerCase()).map((hub) => [token, hub] as const));
    const pairOf = await this.pairAddresses(chain, hops);
    return tokens.map((token) => hubs.some((hub) => pairOf.get(pairKey(token, hub))));
  }

  private async pairAddresses(chain: SwapChain, hops: readonly (readonly [Address, Address])[]): Promise<Map<string, Address | undefined>> {
    const found = new Map<string, Address | undefined>();
    const unknown: [Address, Address][] = [];
    for (const [a, b] of hops) {
      const key = pairKey(a, b);
      if (found.has(key)) continue;
      const cached = this.pairs.get(`${chain.config.chainId}:${key}`);
      if (cached !== undefined) found.set(key, cached === zeroAddress ? undefined : cached);
      else if (!unknown.some(([x, y]) => pairKey(x, y) === key)) unknown.push([a, b]);
    }
    const reads = await readContracts(chain, unknown.map(([a, b]) => ({ address: chain.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })));
    unknown.forEach(([a, b], index) => {
      const read = reads[index]!;
      // A failed read is not remembered: it says nothing about the pair.
      if (!read.ok) return found.set(pairKey(a, b), undefined);
      const pair = read.value as Address;
      this.pairs.set(`${chain.config.chainId}:${pairKey(a, b)}`, pair);
      found.set(pairKey(a, b), pair === zeroAddress ? undefined : pair);
    });
    return found;
  }
}

function pairKey(a: Address, b: Address): string {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()].sort();
  return `${x}-${y}`;
}
