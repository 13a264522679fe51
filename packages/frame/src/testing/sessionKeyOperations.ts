import { createPublicClient, http, zeroAddress, type Address, type Hex, type PrivateKeyAccount } from 'viem';
import { createBundlerClient, createPaymasterClient, formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction';
import { foundry } from 'viem/chains';
import { toSessionKeyAccount } from '@cairn/devnet/testing';
import { operationFee } from '../smartAccount/operationFee.ts';

// A site holding a granted session key, sending user operations straight to a bundler (no frame, no
// screen): what the session tests on the devnet with alto (sessionKeyBudget, sessionKeyAllowance) share.

/** The site's own bundler client: alto's estimate took over viem's 10 s default at load ~25 (ci25). */
const BUNDLER_TIMEOUT_MS = 60_000;

/** Where the key sends from and through. */
export type SessionKeySite = { rpcUrl: string; bundlerUrl: string; entryPoint: Address; account: Address; key: PrivateKeyAccount };
export type KeySendOptions = {
  sponsored?: boolean;
  fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  paymasterOfAddressZero?: boolean;
  /** Gas limits of the site's choosing: the bundler does not estimate (its estimate runs the call, and refuses one that reverts). */
  gas?: { callGasLimit: bigint; verificationGasLimit: bigint; preVerificationGas: bigint };
};
/** Landed (its call ran, or `reverted`), or refused by the bundler (the account's validation, or the bundler's own checks); with its prefund either way. */
export type Sent = { maxCost: bigint; landed: true; reverted: boolean } | { maxCost: bigint; refused: string };

/**
 * The key's user operation of one call from the account: as the bundler estimated it (sponsored by
 * the devnet's paymaster, or not), signed by the key and sent as is, so its prefund is known whether
 * it lands or is refused.
 */
export async function keySends(site: SessionKeySite, call: { to: Address; value: bigint; data?: Hex }, options: KeySendOptions = {}): Promise<Sent> {
  const { rpcUrl, bundlerUrl, entryPoint, account, key } = site;
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const keyAccount = await toSessionKeyAccount({ client, address: account, sessionKey: key, entryPoint });
  const transport = () => http(bundlerUrl, { retryCount: 0, timeout: BUNDLER_TIMEOUT_MS });
  const bundler = createBundlerClient({ client, account: keyAccount, transport: transport(), ...(options.sponsored ? { paymaster: createPaymasterClient({ transport: transport() }) } : {}) });
  let operation = (await bundler.prepareUserOperation({ calls: [call], ...options.fees, ...options.gas })) as unknown as UserOperation<'0.7'>;
  // The EntryPoint reads a paymaster from paymasterAndData's first 20 bytes: address 0 there is the account paying, not a sponsor.
  if (options.paymasterOfAddressZero) operation = { ...operation, paymaster: zeroAddress, paymasterVerificationGasLimit: 0n, paymasterPostOpGasLimit: 0n, paymasterData: '0x' };
  const { maxCost } = operationFee(operation);
  const signature = await keyAccount.signUserOperation(operation);
  let hash: Hex;
  try {
    hash = await bundler.request({ method: 'eth_sendUserOperation', params: [formatUserOperationRequest({ ...operation, signature }), entryPoint] });
  } catch (error) {
    return { maxCost, refused: error instanceof Error ? error.message : String(error) };
  }
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: 60_000 });
  return { maxCost, landed: true, reverted: !receipt.success };
}

// AA24: the EntryPoint's word for an account whose validation refused the operation (as for a bad signature).
export const REFUSED = /AA24/;
