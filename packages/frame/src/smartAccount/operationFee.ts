/** The gas fields of an ERC-4337 v0.7 user operation that bound what the EntryPoint may take for it. */
export interface OperationGas {
  maxFeePerGas: bigint;
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  paymasterVerificationGasLimit?: bigint | undefined;
  paymasterPostOpGasLimit?: bigint | undefined;
}

/** What the approval screen shows of a user operation's gas: its limits together, the price cap, and their product. */
export interface OperationFee {
  gasLimit: bigint;
  maxFeePerGas: bigint;
  /** The most the network may charge: the EntryPoint's prefund for the operation (v0.7's requiredPrefund). */
  maxCost: bigint;
}

/** EntryPoint v0.7: the prefund is maxFeePerGas × every gas limit the operation names, the paymaster's included. */
export function operationFee(operation: OperationGas): OperationFee {
  const gasLimit =
    operation.callGasLimit + operation.verificationGasLimit + operation.preVerificationGas + (operation.paymasterVerificationGasLimit ?? 0n) + (operation.paymasterPostOpGasLimit ?? 0n);
  return { gasLimit, maxFeePerGas: operation.maxFeePerGas, maxCost: gasLimit * operation.maxFeePerGas };
}
