import type { SwapToken } from '../../api/convertApi.ts';
import { formatUnits } from '../../format.ts';
import type { HeldQuote } from '../../features/swap/swapStore.ts';
import { parseSendAmount } from '../send/parseSendAmount.ts';

export const SWAP_TEXTS = {
  enterAmount: 'Enter an amount',
  insufficientBalance: (symbol: string) => `Insufficient ${symbol} balance`,
  insufficientGas: (symbol: string) => `Not enough ${symbol} for the network fee`,
  noQuote: 'No quote for this amount',
} as const;

export interface SwapSummaryInput {
  source?: SwapToken;
  to?: SwapToken;
  /** Whether `source` is the native coin. */
  sourceIsNative: boolean;
  /** The source token's balance, smallest unit. */
  sourceBalance: bigint;
  /** The native balance and coin, for the fee. */
  nativeBalance: bigint;
  nativeDecimals: number;
  nativeSymbol: string;
  nativePriceUsd?: number;
  amountText?: string;
  quote?: HeldQuote;
  allowance?: bigint;
  gasPrice?: bigint;
  swapGas?: bigint;
  /** Percent. */
  slippage: number;
}

export interface SwapSummary {
  amount?: bigint;
  /** The quote, when it is for this pair and amount. */
  toAmountText?: string;
  /** What the swap returns at worst: the quote less the slippage. */
  minimumReceivedText?: string;
  priceImpact?: number;
  /** "1 ETH = 1,993.27 TUSD" from the quote. */
  rate?: { sourceSymbol: string; toSymbol: string; price: number };
  feeUsd?: number;
  /** The router must be approved for the amount first. */
  needsApproval: boolean;
  /** The whole source balance (less a fee reserve for the native coin). */
  maxText: string;
  /** What stops the swap now. */
  error?: string;
}

/** Everything Swap shows and checks, from the form, the quote and the account. */
export function swapSummary(input: SwapSummaryInput): SwapSummary {
  const { source, to } = input;
  if (!source || !to) return { needsApproval: false, maxText: '0' };
  const parsed = input.amountText === undefined || input.amountText.trim() === '' ? undefined : parseSendAmount(input.amountText, source.decimals);
  const amount = parsed?.ok && parsed.value > 0n ? parsed.value : undefined;
  const quote =
    amount !== undefined && input.quote && input.quote.from === source.address && input.quote.to === to.address && input.quote.fromAmount === amount.toString()
      ? input.quote
      : undefined;
  const gasCost = input.gasPrice !== undefined && input.swapGas !== undefined ? input.gasPrice * input.swapGas : undefined;
  const feeUsd = gasCost !== undefined && input.nativePriceUsd !== undefined ? Number(formatUnits(gasCost, input.nativeDecimals)) * input.nativePriceUsd : undefined;
  const reserve = input.sourceIsNative ? (gasCost ?? 0n) : 0n;
  const max = input.sourceBalance > reserve ? input.sourceBalance - reserve : 0n;
  const needsApproval = !input.sourceIsNative && amount !== undefined && input.allowance !== undefined && input.allowance < amount;
  const summary: SwapSummary = { needsApproval, maxText: formatUnits(max, source.decimals) };
  if (amount !== undefined) summary.amount = amount;
  if (feeUsd !== undefined) summary.feeUsd = feeUsd;
  if (quote) {
    const toAmount = BigInt(quote.toAmount);
    const basisPoints = BigInt(Math.round(input.slippage * 100));
    summary.toAmountText = formatUnits(toAmount, to.decimals);
    summary.minimumReceivedText = formatUnits((toAmount * (10_000n - basisPoints)) / 10_000n, to.decimals);
    summary.priceImpact = quote.priceImpact;
    const sourceWhole = Number(formatUnits(amount!, source.decimals));
    if (sourceWhole > 0) summary.rate = { sourceSymbol: source.symbol, toSymbol: to.symbol, price: Number(summary.toAmountText) / sourceWhole };
  }
  if (amount === undefined) summary.error = SWAP_TEXTS.enterAmount;
  else if (amount > input.sourceBalance) summary.error = SWAP_TEXTS.insufficientBalance(source.symbol);
  else if (gasCost !== undefined && gasCost + (input.sourceIsNative ? amount : 0n) > input.nativeBalance) summary.error = SWAP_TEXTS.insufficientGas(input.nativeSymbol);
  return summary;
}
