import { concat, createPublicClient, encodeAbiParameters, http, zeroHash, type Address, type Hex } from 'viem';
import { formatUserOperation, toPackedUserOperation, type RpcUserOperation, type UserOperation } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { PAYMASTER_SIGNER } from '../accounts.ts';
import { readArtifact } from '../artifacts.ts';

/** ERC-7677's two calls, as the devnet's paymaster service answers them. */
export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const;
export type PaymasterMethod = (typeof PAYMASTER_METHODS)[number];

/** How long a sponsorship signature stays valid: long enough for any test, short enough to mean it. */
const VALID_FOR_SECONDS = 3600;
// What the paymaster's validation costs, with room: ecrecover and a few reads.
const PAYMASTER_VERIFICATION_GAS = 100_000n;

export type PaymasterService = (method: PaymasterMethod, params: unknown) => Promise<unknown>;

/**
 * The devnet's sponsor (ERC-7677): signs, as the verifying paymaster's signer, every user
 * operation sent to `entryPoint` on `chainId`. The signed hash is the paymaster's own `getHash`,
 * read from the chain, so the signature is exactly what the contract checks.
 */
export function paymasterService(options: { rpcUrl: string; chainId: number; entryPoint: Address; paymaster: Address; now?: () => number }): PaymasterService {
  const signer = privateKeyToAccount(PAYMASTER_SIGNER.privateKey);
  const client = createPublicClient({ transport: http(options.rpcUrl) });
  const { abi } = readArtifact('VerifyingPaymaster');
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));

  const checkedOperation = (params: unknown) => {
    const [operation, entryPoint, chainId] = Array.isArray(params) ? params : [];
    if (typeof operation !== 'object' || operation === null || typeof (operation as { sender?: unknown }).sender !== 'string') {
      throw new Error('pm_ methods take [userOperation, entryPoint, chainId, context]');
    }
    if (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== options.entryPoint.toLowerCase()) throw new Error(`This paymaster serves EntryPoint ${options.entryPoint} only`);
    if (typeof chainId !== 'string' || Number(chainId) !== options.chainId) throw new Error(`This paymaster serves chain ${options.chainId} only`);
    // This service is for the v0.7 EntryPoint, so the operation is a v0.7 one (no initCode, no paymasterAndData).
    return formatUserOperation(operation as RpcUserOperation) as UserOperation<'0.7'>;
  };
  const validity = (validUntil: number) => encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, 0]);

  return async (method, params) => {
    const operation = checkedOperation(params);
    const validUntil = now() + VALID_FOR_SECONDS;
    const window = validity(validUntil);
    if (method === 'pm_getPaymasterStubData') {
      // A well-formed signature of the right length, so estimation runs the paymaster's real checks.
      const stub = await signer.sign({ hash: zeroHash });
      return { paymaster: options.paymaster, paymasterData: concat([window, stub]), paymasterVerificationGasLimit: `0x${PAYMASTER_VERIFICATION_GAS.toString(16)}`, paymasterPostOpGasLimit: '0x0' };
    }
    const packed = toPackedUserOperation({
      ...operation,
      paymaster: options.paymaster,
      paymasterData: window,
      paymasterVerificationGasLimit: operation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: operation.paymasterPostOpGasLimit ?? 0n,
    });
    const hash = (await client.readContract({ address: options.paymaster, abi, functionName: 'getHash', args: [packed, validUntil, 0] })) as Hex;
    const signature = await signer.signMessage({ message: { raw: hash } });
    return { paymaster: options.paymaster, paymasterData: concat([window, signature]) };
  };
}
