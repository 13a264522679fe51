import { parseAbiItem, zeroAddress, type Address } from 'viem';
import { TtlCache } from '../cache/ttlCache.ts';
import type { ChainContext } from '../chain/chainContext.ts';
import { ChainUnavailableError } from '../chain/chainUnavailableError.ts';
import { isTransportError, readContracts } from '../chain/readContracts.ts';
import { factoryAbi, pairAbi, spotPrice, type PoolPrices } from './poolPrices.ts';
import { timeWeightedMedian, type PricePeriod } from './timeWeightedMedian.ts';

const syncEvent = parseAbiItem('event Sync(uint112 reserve0, uint112 reserve1)');
/** A windowed price moves slowly by design; reusing it a little spares the node its reads. */
const WINDOWED_PRICE_TTL_MS = 15_000;

/**
 * The native coin's USD price for paying out (the onramp's quote): the time-weighted median of
 * its pool's price over the `windowBlocks` latest blocks. The pool's state at the window's first
 * block and every `Sync` after it give the price path exactly; each price weighs as long as it
 * held, by block timestamps, the latest until now. Whoever pushes the pool for one block (or a
 * few) holds a price for seconds of the window, never its middle: to move the quote they must
 * hold the pool off its price for half the window, against every arbitrageur. A pool younger than
 * the window is weighed over its life so far. Reading the window's first state needs the node to
 * keep it (full nodes keep the latest 128 blocks; past that, an archive node).
 */
export class WindowedPrices {
  private readonly cache = new TtlCache<number, Promise<number | undefined>>(WINDOWED_PRICE_TTL_MS);

  constructor(
    private readonly prices: PoolPrices,
    private readonly windowBlocks: number,
  ) {}

  nativeUsd(chain: ChainContext): Promise<number | undefined> {
    let price = this.cache.get(chain.config.chainId);
    if (!price) {
      price = this.read(chain);
      // A failure is tried again next time rather than remembered.
      price.catch(() => this.cache.delete(chain.config.chainId));
      this.cache.set(chain.config.chainId, price);
    }
    return price;
  }

  private async read(chain: ChainContext): Promise<number | undefined> {
    const { stablecoinAddress: stable, ammFactoryAddress: factory, wrappedNativeAddress: wrapped, rpcUrl } = chain.config;
    if (!stable || !factory || !wrapped) return undefined;
    const [found] = await readContracts(chain, [{ address: factory, abi: factoryAbi, functionName: 'getPair', args: [wrapped, stable] }]);
    if (!found?.ok || found.value === zeroAddress) return undefined;
    const pair = found.value as Address;
    const [token0] = await readContracts(chain, [{ address: pair, abi: pairAbi, functionName: 'token0' }]);
    const stableDecimals = await this.prices.decimalsOfStable(chain, stable);
    if (!token0?.ok || stableDecimals === null) return undefined;
    const stableIsToken0 = (token0.value as string).toLowerCase() === stable.toLowerCase();
    const priceOf = (reserve0: bigint, reserve1: bigint) =>
      spotPrice(stableIsToken0 ? reserve1 : reserve0, 18, stableIsToken0 ? reserve0 : reserve1, stableDecimals);
    const node = <T>(call: Promise<T>) =>
      call.catch((error: unknown) => {
        throw new ChainUnavailableError(rpcUrl, error);
      });
    const { client } = chain;

    const head = await node(client.getBlock({ blockTag: 'latest' }));
    const start = head.number > BigInt(this.windowBlocks) ? head.number - BigInt(this.windowBlocks) : 0n;
    const [first, opening, syncs] = await Promise.all([
      node(client.getBlock({ blockNumber: start })),
      client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves', blockNumber: start }).then(
        ([reserve0, reserve1]) => priceOf(reserve0, reserve1),
        (error: unknown) => {
          if (isTransportError(error)) throw new ChainUnavailableError(rpcUrl, error);
          return 0; // no pool yet at the window's start
        },
      ),
      start < head.number ? node(client.getLogs({ address: pair, event: syncEvent, fromBlock: start + 1n, toBlock: head.number })) : [],
    ]);
    // A block's price is the pool's at its end: its last Sync.
    const closing = new Map<bigint, number>();
    for (const sync of syncs) closing.set(sync.blockNumber, priceOf(sync.args.reserve0!, sync.args.reserve1!));
    const blocks = [...closing.keys()];
    const times = await Promise.all(blocks.map((blockNumber) => node(client.getBlock({ blockNumber })).then((block) => Number(block.timestamp))));

    const periods: PricePeriod[] = [];
    let from = Number(first.timestamp);
    let price = opening;
    blocks.forEach((blockNumber, index) => {
      periods.push({ price, from, to: times[index]! });
      from = times[index]!;
      price = closing.get(blockNumber)!;
    });
    periods.push({ price, from, to: Math.max(Date.now() / 1000, Number(head.timestamp)) });
    return timeWeightedMedian(periods);
  }
}
