import * as v from 'valibot';
import type { Address, Hex } from 'viem';
import { decodeAccountCalls } from './cairnAccount.ts';
import { MAX_BATCH_CALLS } from '../signing/sendCallsRequest.ts';

/** A site's eth_sendUserOperation (ERC-4337, v0.7 RPC shape), decoded to the calls it runs: what the screen lists and the account sends. */
export interface UserOperationRequest {
  method: 'eth_sendUserOperation';
  entryPoint: Address;
  calls: { to: Address; value: bigint; data?: Hex }[];
}

export const UserOperationText = {
  malformed: 'eth_sendUserOperation: params are [userOperation, entryPoint], the operation with its sender and callData',
  notAccountCalls: "eth_sendUserOperation: the callData is not the smart account's execute or executeBatch, so it cannot be shown",
} as const;

const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));
const HexData = v.pipe(v.string(), v.maxLength(2 + 2 * 128 * 1024), v.regex(/^0x([0-9a-fA-F]{2})*$/));
// The site's gas, fee, nonce, paymaster and signature fields are read past: the frame prepares and
// signs the operation itself (its nonce, its bundler's gas estimate, its paymaster).
const UserOperationSchema = v.object({ sender: AddressSchema, callData: HexData });

/** Decodes eth_sendUserOperation's params for the smart account `account`; `errors.otherAccount` for another sender. */
export function parseSendUserOperation(params: unknown, account: Address, errors: { otherAccount: string }): { request: UserOperationRequest } | { error: string } {
  const [operation, entryPoint] = Array.isArray(params) ? params : [];
  const parsed = v.safeParse(UserOperationSchema, operation);
  if (!parsed.success || !v.is(AddressSchema, entryPoint)) return { error: UserOperationText.malformed };
  if (parsed.output.sender.toLowerCase() !== account.toLowerCase()) return { error: errors.otherAccount };
  const calls = decodeAccountCalls(parsed.output.callData as Hex);
  if (!calls || calls.length === 0 || calls.length > MAX_BATCH_CALLS) return { error: UserOperationText.notAccountCalls };
  return {
    request: {
      method: 'eth_sendUserOperation',
      entryPoint: entryPoint as Address,
      calls: calls.map((call) => ({ to: call.to, value: call.value, ...(call.data !== '0x' ? { data: call.data } : {}) })),
    },
  };
}
