import { ErrorText } from '../../errors.ts';
import { formatUnits } from '../../format.ts';
import { parseSendAmount } from './parseSendAmount.ts';
import type { SendableToken } from './sendableTokens.ts';
import { coversNativeSend, hasInsufficientGas, maxNativeAmount, sendValidationError, type SendInput } from './sendValidation.ts';

export interface SendSummaryInput {
  feeUnit: SendInput['feeUnit'];
  /** The picked token (the native coin when its address is undefined). */
  token: SendableToken;
  nativeDecimals: number;
  /** The native balance, smallest unit. */
  nativeBalance: bigint;
  /** The native coin's USD price, when known. */
  nativePriceUsd?: number;
  amountText?: string;
  receiverText?: string;
  /** The adapter's check and canonical form of an address; throws on an invalid one. */
  normalizeAddress(address: string): string;
  gasPrice?: bigint;
  gasEstimate?: bigint;
  accountType: 'eoa' | 'smartAccount';
}

export interface SendSummary {
  amount?: bigint;
  receiver?: string;
  /** Wei, when the gas price and estimate are known. */
  gasCost?: bigint;
  feeUsd?: number;
  /** What Max puts in the amount field. */
  maxText: string;
  /** What stops the send, shown before the wallet is asked. */
  error?: string;
}

const INSUFFICIENT_FUNDS = 'Insufficient funds for the amount and the network fee';
const INSUFFICIENT_TOKEN = 'Insufficient balance';

/** Everything Send shows and checks, from the form and the account (SPEC §5). */
export function sendSummary(input: SendSummaryInput): SendSummary {
  const { token } = input;
  const parsed = input.amountText === undefined ? undefined : parseSendAmount(input.amountText, token.decimals);
  const amount = parsed?.ok ? parsed.value : undefined;
  let receiver: string | undefined;
  try {
    receiver = input.receiverText ? input.normalizeAddress(input.receiverText.trim()) : undefined;
  } catch {
    receiver = undefined;
  }
  const gasCost = input.gasPrice !== undefined && input.gasEstimate !== undefined ? input.gasPrice * input.gasEstimate : undefined;
  const feeUsd = gasCost !== undefined && input.nativePriceUsd !== undefined ? Number(formatUnits(gasCost, input.nativeDecimals)) * input.nativePriceUsd : undefined;
  const tokenBalance = parseSendAmount(token.balance, token.decimals);
  const tokenHeld = tokenBalance.ok ? tokenBalance.value : 0n;
  const maxValue = token.address === undefined ? maxNativeAmount(input.nativeBalance, gasCost ?? 0n) : tokenHeld;
  const summary: SendSummary = { maxText: formatUnits(maxValue, token.decimals) };
  if (amount !== undefined) summary.amount = amount;
  if (receiver !== undefined) summary.receiver = receiver;
  if (gasCost !== undefined) summary.gasCost = gasCost;
  if (feeUsd !== undefined) summary.feeUsd = feeUsd;

  const validation = sendValidationError({
    feeUnit: input.feeUnit,
    ...(token.address !== undefined ? { tokenAddress: token.address } : {}),
    decimals: token.decimals,
    ...(amount !== undefined ? { amount } : {}),
    ...(receiver !== undefined ? { receiver } : {}),
    ...(input.gasPrice !== undefined ? { gasPrice: input.gasPrice } : {}),
  });
  if (validation) return { ...summary, error: validation };
  if (token.address !== undefined && amount! > tokenHeld) return { ...summary, error: INSUFFICIENT_TOKEN };
  if (gasCost !== undefined) {
    if (hasInsufficientGas({ nativeBalance: input.nativeBalance, gasCost, accountType: input.accountType })) return { ...summary, error: INSUFFICIENT_FUNDS };
    if (token.address === undefined && input.accountType === 'eoa' && !coversNativeSend({ nativeBalance: input.nativeBalance, amount: amount!, gasCost })) {
      return { ...summary, error: INSUFFICIENT_FUNDS };
    }
  } else if (token.address === undefined && amount! > input.nativeBalance) {
    return { ...summary, error: INSUFFICIENT_FUNDS };
  }
  return summary;
}

export const SendText = { insufficientFunds: INSUFFICIENT_FUNDS, insufficientToken: INSUFFICIENT_TOKEN } as const;
