const MAX_UINT256 = 2n ** 256n - 1n;

export interface FeeFields {
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/**
 * SPEC §5: gasPrice is never combined with the EIP-1559 fields; maxFeePerGas is at most 2^256-1;
 * the priority fee is at most the max fee. Returns what is wrong, or undefined.
 */
export function feeFieldsError(fees: FeeFields): string | undefined {
  if (fees.gasPrice !== undefined && (fees.maxFeePerGas !== undefined || fees.maxPriorityFeePerGas !== undefined)) {
    return 'Cannot specify both gasPrice and maxFeePerGas or maxPriorityFeePerGas';
  }
  for (const [name, value] of Object.entries(fees) as [keyof FeeFields, bigint | undefined][]) {
    if (value !== undefined && value < 0n) return `${name} cannot be negative`;
  }
  if (fees.maxFeePerGas !== undefined && fees.maxFeePerGas > MAX_UINT256) return 'maxFeePerGas cannot be higher than 2^256-1';
  if (fees.maxFeePerGas !== undefined && fees.maxPriorityFeePerGas !== undefined && fees.maxPriorityFeePerGas > fees.maxFeePerGas) {
    return 'maxPriorityFeePerGas cannot be higher than maxFeePerGas';
  }
  return undefined;
}
