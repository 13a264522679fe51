import { createWalletClient, defineChain, http, type Address, type Hex, type PrivateKeyAccount } from 'viem';
import type { ApprovalRequest } from './approvalRequest.ts';
import type { PreparedOperation, SmartAccountSender } from '../smartAccount/smartAccountSender.ts';
import { grantedPermissions } from '../smartAccount/permissionsRequest.ts';
import { sessionKeyCall } from '../smartAccount/sessionKeyCall.ts';

export const ExecuteText = {
  needsSmartAccount: 'This request needs the smart account: switch to it on a network that enables it',
  smartAccountDeploysNothing: 'The smart account sends to a receiver: a transaction without one is not sent',
  notEstimated: 'The user operation was not estimated before the approval screen: nothing is sent',
} as const;

export interface SigningContext {
  signer: PrivateKeyAccount;
  chainId: number;
  /** The frame's own RPC URL for the chain: never one the site passes. */
  rpcUrl: string;
  /** Present when the user acts as the key's smart account on this network: it sends, by user operations. */
  smartAccount?: SmartAccountSender;
  /** The smart account's user operation for the request's calls, as the screen showed it: the one signed and sent. */
  prepared?: PreparedOperation;
}

/**
 * Does what the user approved: signs in the frame, and for a transaction sends it through the
 * frame's RPC URL, or as the smart account's user operation through the network's bundler.
 */
export async function executeApproval(request: ApprovalRequest, { signer, chainId, rpcUrl, smartAccount, prepared }: SigningContext): Promise<`0x${string}` | { id: `0x${string}` } | ReturnType<typeof grantedPermissions> | null> {
  if (smartAccount) return executeAsSmartAccount(request, smartAccount, chainId, prepared);
  switch (request.method) {
    case 'personal_sign':
      return signer.signMessage({ message: request.message });
    case 'eth_signTypedData_v4':
      return signer.signTypedData(request.typedData);
    case 'eth_sendTransaction': {
      const chain = defineChain({ id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
      const client = createWalletClient({ account: signer, chain, transport: http(rpcUrl, { retryCount: 0 }) });
      return client.sendTransaction({ ...request.transaction, account: signer, chain } as Parameters<typeof client.sendTransaction>[0]);
    }
    case 'wallet_sendCalls':
    case 'eth_sendUserOperation':
    case 'wallet_grantPermissions':
    case 'wallet_revokePermissions':
      throw new Error(ExecuteText.needsSmartAccount);
  }
}

/**
 * The request as the smart account carries it out: a transaction becomes a user operation of its
 * receiver, value and data alone (the bundler sets its gas and fees, the account its nonce), so the
 * screen shows no gas, price or nonce of the site's that would not be used.
 */
export function asSmartAccountRequest(request: ApprovalRequest): ApprovalRequest {
  if (request.method !== 'eth_sendTransaction') return request;
  const { to, value, data } = request.transaction;
  return { method: request.method, transaction: { ...(to ? { to } : {}), value, ...(data ? { data } : {}) } };
}

const estimated = (prepared: PreparedOperation | undefined) => {
  if (!prepared) throw new Error(ExecuteText.notEstimated);
  return prepared;
};

/**
 * The calls a request has the smart account `account` send in one user operation (estimated before
 * the screen): a send's calls, or a session key's grant or revoke (the account calling itself, at
 * its own gas like any send); none for a signature.
 */
export function operationCalls(request: ApprovalRequest, account: Address): readonly { to: Address; value: bigint; data?: Hex }[] | undefined {
  switch (request.method) {
    case 'wallet_sendCalls':
    case 'eth_sendUserOperation':
      return request.calls;
    case 'eth_sendTransaction': {
      const { to, value, data } = request.transaction;
      return to ? [{ to, value, ...(data ? { data } : {}) }] : undefined;
    }
    case 'wallet_grantPermissions':
    case 'wallet_revokePermissions':
      return [sessionKeyCall(request, account)];
    default:
      return undefined;
  }
}

async function executeAsSmartAccount(request: ApprovalRequest, smartAccount: SmartAccountSender, chainId: number, prepared: PreparedOperation | undefined): Promise<`0x${string}` | { id: `0x${string}` } | ReturnType<typeof grantedPermissions> | null> {
  switch (request.method) {
    case 'wallet_sendCalls':
      // EIP-5792: the batch's id is its user operation's hash (wallet_getCallsStatus looks it up).
      return { id: await smartAccount.sendPrepared(estimated(prepared)) };
    case 'eth_sendTransaction':
      if (!request.transaction.to) throw new Error(ExecuteText.smartAccountDeploysNothing);
      return smartAccount.sendPreparedTransaction(estimated(prepared));
    case 'personal_sign':
      return smartAccount.signMessage(request.message);
    case 'eth_signTypedData_v4':
      return smartAccount.signTypedData(request.typedData);
    case 'eth_sendUserOperation':
      // ERC-4337 answers the user operation's hash.
      return smartAccount.sendPrepared(estimated(prepared));
    case 'wallet_grantPermissions':
      // The operation the screen showed, answered once it landed: the key can act as soon as the site hears back.
      await smartAccount.sendPreparedTransaction(estimated(prepared));
      return grantedPermissions(request.grant, smartAccount.address, chainId);
    case 'wallet_revokePermissions':
      await smartAccount.sendPreparedTransaction(estimated(prepared));
      return null;
  }
}
