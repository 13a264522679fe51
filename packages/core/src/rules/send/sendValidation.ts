import { ErrorText } from '../../errors.ts';
import type { ChainNamespace } from '../../types.ts';

export interface SendInput {
  namespace: ChainNamespace;
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
 * SPEC §5: an EVM ERC-20 send needs the token address, amount and receiver; a native send also
 * the gas price and decimals; a Solana send amount and receiver, and a Bitcoin send the same. Else the §8 text to show.
 */
export function sendValidationError(input: SendInput): string | undefined {
  const hasBasics = input.amount !== undefined && input.amount > 0n && input.receiver !== undefined;
  switch (input.namespace) {
    case 'eip155':
      if (input.tokenAddress !== undefined) return hasBasics ? undefined : ErrorText.invalidAmountOrReceiver;
      return hasBasics && input.gasPrice !== undefined && input.decimals !== undefined ? undefined : ErrorText.invalidAmountOrReceiver;
    case 'solana':
    case 'polkadot': // a native transfer: amount and receiver, the fee is the node's
    case 'bip122': // as on solana: the native coin, an amount and a receiver (the fee is the wallet's)
      return hasBasics ? undefined : ErrorText.invalidAmountOrReceiver;
    default:
      return ErrorText.unsupportedChain;
  }
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
