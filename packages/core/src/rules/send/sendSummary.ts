import { formatUnits } from '../../format.ts';
import type { ChainNamespace } from '../../namespaces.ts';
import { parseSendAmount } from './parseSendAmount.ts';
import type { SendableToken } from './sendableTokens.ts';
import { sendFeeText } from './sendFeeText.ts';
import { looksLikeName, sendFieldErrors, type ReceiverEntry, type SendFieldErrors } from './sendFieldErrors.ts';
import { coversNativeSend, hasInsufficientGas, maxNativeAmount, sendValidationError, type SendInput } from './sendValidation.ts';

export interface SendSummaryInput {
  namespace: ChainNamespace;
  feeUnit: SendInput['feeUnit'];
  /** The picked token (the native coin when its address is undefined). */
  token: SendableToken;
  nativeDecimals: number;
  nativeSymbol: string;
  /** The native balance, smallest unit. */
  nativeBalance: bigint;
  /** The native coin's USD price, when known. */
  nativePriceUsd?: number;
  amountText?: string;
  receiverText?: string;
  /** Whether a name (alice.cairn.id) may stand for the receiver here (SPEC §5: eip155 only). */
  namesAllowed?: boolean;
  /** The adapter's check and canonical form of an address; throws on an invalid one. */
  normalizeAddress(address: string): string;
  gasPrice?: bigint;
  gasEstimate?: bigint;
  accountType: 'eoa' | 'smartAccount';
  /** The visitor asked for the review: empty fields say so. */
  showMissing?: boolean;
}

export interface SendSummary {
  amount?: bigint;
  receiver?: string;
  /** The fee in the native coin's smallest unit, when the gas price and estimate are known. */
  gasCost?: bigint;
  feeUsd?: number;
  /** The fee line: USD when priced, else the coin or its small unit (a rule per namespace). */
  feeText?: string;
  /** What Max puts in the amount field. */
  maxText: string;
  /** What to say under each field, as typed. */
  fields: SendFieldErrors;
  /** What stops the send that is no field's (SPEC §5: the gas price a native send needs). */
  formError?: string;
  /** What stops the send, if anything: a field's text, else the form's. */
  error?: string;
}

const INSUFFICIENT_FUNDS = 'Insufficient funds for the amount and the network fee';
const INSUFFICIENT_TOKEN = 'Insufficient balance';

/** Everything Send shows and checks, from the form and the account (SPEC §5). */
export function sendSummary(input: SendSummaryInput): SendSummary {
  const { token } = input;
  const parsed = parseSendAmount(input.amountText ?? '', token.decimals);
  const amount = parsed.ok ? parsed.value : undefined;
  const { entry: receiverEntry, receiver } = readReceiver(input);
  const gasCost = input.gasPrice !== undefined && input.gasEstimate !== undefined ? input.gasPrice * input.gasEstimate : undefined;
  const feeUsd = gasCost !== undefined && input.nativePriceUsd !== undefined ? Number(formatUnits(gasCost, input.nativeDecimals)) * input.nativePriceUsd : undefined;
  const tokenBalance = parseSendAmount(token.balance, token.decimals);
  const tokenHeld = tokenBalance.ok ? tokenBalance.value : 0n;
  const maxValue = token.address === undefined ? maxNativeAmount(input.nativeBalance, gasCost ?? 0n) : tokenHeld;

  const balanceError = amount === undefined ? undefined : fundsError(input, amount, tokenHeld, gasCost);
  const fields = sendFieldErrors({ amount: parsed, receiver: receiverEntry, token, showMissing: input.showMissing === true, ...(balanceError ? { balanceError } : {}) });
  const validation = sendValidationError({
    feeUnit: input.feeUnit,
    ...(token.address !== undefined ? { tokenAddress: token.address } : {}),
    decimals: token.decimals,
    ...(amount !== undefined ? { amount } : {}),
    ...(receiver !== undefined ? { receiver } : {}),
    ...(input.gasPrice !== undefined ? { gasPrice: input.gasPrice } : {}),
  });
  // SPEC §5's text stands for what no field says: a missing gas price, or a field not yet typed.
  const fieldsComplete = amount !== undefined && receiver !== undefined;
  const formError = fieldsComplete ? validation : undefined;
  const error = fields.amount ?? fields.receiver ?? validation;

  const summary: SendSummary = { maxText: formatUnits(maxValue, token.decimals), fields };
  if (amount !== undefined) summary.amount = amount;
  if (receiver !== undefined) summary.receiver = receiver;
  if (gasCost !== undefined) {
    summary.gasCost = gasCost;
    summary.feeText = sendFeeText({
      namespace: input.namespace,
      fee: gasCost,
      decimals: input.nativeDecimals,
      symbol: input.nativeSymbol,
      ...(input.nativePriceUsd !== undefined ? { priceUsd: input.nativePriceUsd } : {}),
    });
  }
  if (feeUsd !== undefined) summary.feeUsd = feeUsd;
  if (formError) summary.formError = formError;
  if (error) summary.error = error;
  return summary;
}

function readReceiver(input: SendSummaryInput): { entry: ReceiverEntry; receiver?: string } {
  const text = input.receiverText?.trim() ?? '';
  if (text === '') return { entry: 'empty' };
  try {
    return { entry: 'valid', receiver: input.normalizeAddress(text) };
  } catch {
    return { entry: input.namesAllowed && looksLikeName(text) ? 'name' : 'invalid' };
  }
}

/** SPEC §5: the token's balance, the gas and, for the native coin, the amount with the gas. */
function fundsError(input: SendSummaryInput, amount: bigint, tokenHeld: bigint, gasCost: bigint | undefined): string | undefined {
  const native = input.token.address === undefined;
  if (!native && amount > tokenHeld) return INSUFFICIENT_TOKEN;
  if (gasCost === undefined) return native && amount > input.nativeBalance ? INSUFFICIENT_FUNDS : undefined;
  if (hasInsufficientGas({ nativeBalance: input.nativeBalance, gasCost, accountType: input.accountType })) return INSUFFICIENT_FUNDS;
  if (native && input.accountType === 'eoa' && !coversNativeSend({ nativeBalance: input.nativeBalance, amount, gasCost })) return INSUFFICIENT_FUNDS;
  return undefined;
}

export const SendText = { insufficientFunds: INSUFFICIENT_FUNDS, insufficientToken: INSUFFICIENT_TOKEN } as const;
