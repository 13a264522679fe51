import { namespaceOffers } from '../namespaces.ts';
import { adapterFor, type CairnContext } from '../context.ts';
import { errorMessage } from '../errors.ts';
import { parseUnits } from '../format.ts';
import type { TokenBalance } from '../api/blockchainApi.ts';
import type { Balance, CaipNetwork } from '../types.ts';

export interface Portfolio {
  balance: Balance;
  tokens: readonly TokenBalance[];
  balanceUsd?: number;
  /** The native coin's USD price, when the site's server knows it. */
  nativePriceUsd?: number;
}

/** Splits the server's balances into the native coin and tokens; 0-decimal tokens are dropped (SPEC §5). */
export function portfolioFromServer(entries: readonly TokenBalance[], network: CaipNetwork): Portfolio {
  const onNetwork = entries.filter((entry) => entry.chainId === network.caipNetworkId);
  const native = onNetwork.find((entry) => entry.address === undefined);
  const { decimals, symbol } = network.nativeCurrency;
  const formatted = native?.quantity.numeric ?? '0';
  const tokens = onNetwork.filter((entry) => entry.address !== undefined && Number(entry.quantity.decimals) > 0);
  const priced = onNetwork.filter((entry) => entry.address === undefined || Number(entry.quantity.decimals) > 0);
  return {
    balance: { formatted, symbol, decimals, value: parseUnits(formatted, decimals) },
    tokens,
    balanceUsd: priced.reduce((sum, entry) => sum + entry.value, 0),
    ...(native && native.price > 0 ? { nativePriceUsd: native.price } : {}),
  };
}

/**
 * Reads from the site's Cairn server when one is configured and answers for the namespace (prices
 * and tokens), else, or when the server fails, the native balance from the network's RPC through
 * the chain adapter.
 */
export async function readPortfolio(ctx: CairnContext, network: CaipNetwork, address: string, force: boolean): Promise<Portfolio> {
  if (ctx.api && namespaceOffers(network.chainNamespace, 'serverBalances')) {
    try {
      const entries = await ctx.api.getBalances(address, network.caipNetworkId, { forceUpdate: force });
      return portfolioFromServer(entries, network);
    } catch (error) {
      console.warn('[cairn] server balance unavailable, reading the chain:', errorMessage(error));
    }
  }
  const balance = await adapterFor(ctx, network.chainNamespace).getBalance({ address, network });
  return { balance, tokens: [] };
}
