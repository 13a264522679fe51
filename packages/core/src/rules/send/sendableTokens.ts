import type { TokenBalance } from '../../api/blockchainApi.ts';

export interface SendableToken {
  /** undefined: the native coin. */
  address?: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Whole units. */
  balance: string;
  usdValue: number;
}

/** The token picker's order: the native coin first, then by USD value, highest first. */
export function sendableTokens(native: SendableToken, tokens: readonly TokenBalance[]): SendableToken[] {
  const others = tokens
    .filter((token) => token.address !== undefined)
    .map((token) => ({
      address: token.address!.split(':').at(-1)!,
      symbol: token.symbol,
      name: token.name,
      decimals: Number(token.quantity.decimals),
      balance: token.quantity.numeric,
      usdValue: token.value,
    }))
    .sort((a, b) => b.usdValue - a.usdValue);
  return [native, ...others];
}
