import { describe, expect, it } from 'vitest';
import { operationFee } from './operationFee.ts';

describe("a user operation's most the network may charge", () => {
  it("is its fee cap times every gas limit it names, the paymaster's included", () => {
    const gas = { maxFeePerGas: 2_000_000_000n, callGasLimit: 50_000n, verificationGasLimit: 100_000n, preVerificationGas: 45_000n };
    expect(operationFee(gas)).toEqual({ gasLimit: 195_000n, maxFeePerGas: 2_000_000_000n, maxCost: 390_000_000_000_000n });
    expect(operationFee({ ...gas, paymasterVerificationGasLimit: 30_000n, paymasterPostOpGasLimit: 5_000n }).maxCost).toBe(230_000n * 2_000_000_000n);
  });
});
