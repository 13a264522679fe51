import { ErrorText } from '../../errors.ts';
import type { ChainAdapter } from '../../types.ts';

export interface SendInput {
  /** The adapter's `sendFeeUnit`: a fee in 'gas' is priced by the gas price (eip155). */
  feeUnit: NonNullable<ChainAdapter['sendFeeUnit']>;
  /** The token's contract; undefined for the native coin. */
  tokenAddress?: string;
  decimals?: number;
  /** Smallest unit, parsed; undefined when the typed amount is not valid. */
  amount?: bigint;
  /** Normalised (EIP-55 on eip155); undefined when the typed address is not valid. */
  receiver?: string;
  /** Wei per gas, for a native send. */
  gasPrice?: bigint;
}

/**
 * SPEC §5: every send needs an amount and a receiver (a token send also its address); a native
 * send whose fee is counted in gas (eip155) also the gas price and decimals, where the fee in the
 * native coin (solana, polkadot, bip122) is the node's or the wallet's. Else the §8 text to show.
 */
export function sendValidationError(input: SendInput): string | undefined {
  const hasBasics = input.amount !== undefined && input.amount > 0n && input.receiver !== undefined;
  if (!hasBasics) return ErrorText.invalidAmountOrReceiver;
  const pricedByGas = input.feeUnit === 'gas' && input.tokenAddress === undefined;
  if (pricedByGas && (input.gasPrice === undefined || input.decimals === undefined)) return ErrorText.invalidAmountOrReceiver;
  return undefined;
}

/** SPEC §5: not enough for gas when the native balance is zero or below the gas cost; smart accounts skip the check. */
export function hasInsufficientGas(input: { nativeBalance: bigint; gasCost: bigint; accountType: 'eoa' | 'smartAccount' }): boolean {
  if (input.accountType === 'smartAccount') return false;
  return input.nativeBalance === 0n || input.gasCost > input.nativeBalance;
}

/** Whether the native balance covers the amount and the gas together. */
export function coversNativeSend(input: { nativeBalance: bigint; amount: bigint; gasCost: bigint }): boolean {
  return input.amount + input.gasCost <= input.nativeBalance;
}

/** A native Max keeps what the gas will cost; never below zero. */
export function maxNativeAmount(nativeBalance: bigint, gasCost: bigint): bigint {
  return nativeBalance > gasCost ? nativeBalance - gasCost : 0n;
}
