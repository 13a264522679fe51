import { NATIVE_TOKEN_ADDRESS, type SwapToken } from '@cairn/core/internal';
import { getAddress, type Address } from 'viem';
import type { IconUrls } from '../account/iconUrls.ts';
import { TtlCache } from '../cache/ttlCache.ts';
import { NATIVE } from '../prices/poolPrices.ts';
import type { ServerServices } from '../services.ts';
import type { SwapChain, SwapPools } from './swapPools.ts';

/** The most listed tokens of one chain checked for a pool: bounds the node calls of one listing. */
export const MAX_LISTED_CANDIDATES = 300;
/** Pools appear rarely; the list is re-read every few minutes. */
const LIST_TTL_MS = 5 * 60_000;

type Listed = { address: Address; name: string; symbol: string; decimals: number };

/**
 * What a chain swaps: its native coin (when the wrapped coin has a pool), then the listed tokens
 * with a pool against the stablecoin or wrapped coin, stablecoin first. Tokens of 0 decimals are
 * left out (SPEC §5); the wrapped coin is offered as the native coin.
 */
export class SwapTokens {
  private readonly lists = new TtlCache<number, Promise<{ native: boolean; tokens: Listed[] }>>(LIST_TTL_MS, 1_000);

  constructor(
    private readonly services: ServerServices,
    private readonly pools: SwapPools,
  ) {}

  async list(chain: SwapChain, icons: IconUrls): Promise<SwapToken[]> {
    const { native, tokens } = await this.swappable(chain);
    const prices = await this.services.prices.usdPrices(chain, [
      ...(native ? [{ address: NATIVE, decimals: 18 }] : []),
      ...tokens.map((token) => ({ address: token.address.toLowerCase(), decimals: token.decimals })),
    ]);
    const nativeCurrency = this.services.networks.get(chain.caip2)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 };
    return [
      ...(native
        ? [{ ...nativeCurrency, address: `${chain.caip2}:${NATIVE_TOKEN_ADDRESS}`, logoUri: icons.native(chain.caip2), price: prices.get(NATIVE) ?? 0 }]
        : []),
      ...tokens.map((token) => ({
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        address: `${chain.caip2}:${token.address}`,
        logoUri: icons.token(chain.config.chainId, token.address),
        price: prices.get(token.address.toLowerCase()) ?? 0,
      })),
    ];
  }

  /** The token a CAIP-10 address names among those the chain swaps (the native coin as NATIVE_TOKEN_ADDRESS). */
  async find(chain: SwapChain, address: string): Promise<(Listed & { native: boolean }) | undefined> {
    const { native, tokens } = await this.swappable(chain);
    if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
      const wrapped = chain.config.wrappedNativeAddress;
      return native && wrapped ? { address: wrapped, name: 'native', symbol: '', decimals: 18, native: true } : undefined;
    }
    const token = tokens.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase());
    return token && { ...token, native: false };
  }

  private swappable(chain: SwapChain): Promise<{ native: boolean; tokens: Listed[] }> {
    const chainId = chain.config.chainId;
    let list = this.lists.get(chainId);
    if (!list) {
      list = this.readSwappable(chain);
      // A failed read (node down) is not remembered.
      list.catch(() => this.lists.delete(chainId));
      this.lists.set(chainId, list);
    }
    return list;
  }

  private async readSwappable(chain: SwapChain): Promise<{ native: boolean; tokens: Listed[] }> {
    const { stablecoinAddress: stable, wrappedNativeAddress: wrapped, chainId } = chain.config;
    const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();
    const candidates = this.services.tokenList
      .onChain(chainId)
      .filter((token) => token.decimals > 0 && !same(token.address, wrapped))
      .sort((a, b) => Number(!same(a.address, stable)) - Number(!same(b.address, stable)))
      .slice(0, MAX_LISTED_CANDIDATES)
      .map((token) => ({ address: getAddress(token.address), name: token.name, symbol: token.symbol, decimals: token.decimals }));
    const withPool = await this.pools.hasPool(chain, [...(wrapped ? [wrapped] : []), ...candidates.map((token) => token.address)]);
    const native = wrapped ? withPool[0]! : false;
    const offset = wrapped ? 1 : 0;
    return { native, tokens: candidates.filter((_, index) => withPool[index + offset]) };
  }
}
