import * as v from 'valibot';
import { hashTypedData, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { ErrorText } from '@cairn/core';
import { feeFieldsError } from '@cairn/core/internal';
import { FRAME_RPC_ERRORS } from '../protocol/events.ts';
import { parseSendCalls, type SendCallsRequest } from './sendCallsRequest.ts';
import { signedTypedData } from './signedTypedData.ts';
import { parseGrantPermissions, parseRevokePermissions, type PermissionsRequest } from '../smartAccount/permissionsRequest.ts';
import { parseSendUserOperation, type UserOperationRequest } from '../smartAccount/userOperationRequest.ts';

/** A request the user approves in the frame, decoded and checked: what the approval view shows and what is signed. */
export type ApprovalRequest =
  | { method: 'personal_sign'; message: { raw: Hex } | string }
  | { method: 'eth_signTypedData_v4'; typedData: TypedDataDefinition }
  | {
      method: 'eth_sendTransaction';
      transaction: { to?: Address; value: bigint; data?: Hex; gas?: bigint; gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; nonce?: number };
    }
  | SendCallsRequest
  | UserOperationRequest
  | PermissionsRequest;

export const ApprovalText = {
  otherAccount: 'The request names another account than this wallet',
  otherNetwork: 'The request is for another network than the active one',
  malformed: 'The request is malformed',
  userRejected: FRAME_RPC_ERRORS.userRejected,
  busy: FRAME_RPC_ERRORS.approvalBusy,
} as const;

const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));
const HexData = v.pipe(v.string(), v.maxLength(2 + 2 * 128 * 1024), v.regex(/^0x([0-9a-fA-F]{2})*$/));
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/));
const TransactionSchema = v.object({
  from: AddressSchema,
  to: v.optional(v.nullable(AddressSchema)),
  value: v.optional(Quantity),
  data: v.optional(HexData),
  input: v.optional(HexData),
  gas: v.optional(Quantity),
  gasPrice: v.optional(Quantity),
  maxFeePerGas: v.optional(Quantity),
  maxPriorityFeePerGas: v.optional(Quantity),
  nonce: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,16}$/))),
  chainId: v.optional(Quantity),
});
const TypedDataSchema = v.object({
  types: v.record(v.string(), v.array(v.object({ name: v.string(), type: v.string() }))),
  primaryType: v.pipe(v.string(), v.minLength(1)),
  domain: v.optional(v.record(v.string(), v.unknown())),
  message: v.record(v.string(), v.unknown()),
});
const MAX_TYPED_DATA_JSON = 100_000;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const quantity = (hex: string | undefined) => (hex === undefined ? undefined : BigInt(hex));

/**
 * Decodes an approval method's params (SPEC §6) for the wallet `account` on `chainId`; refuses a
 * request for another account or network, and the approval methods this frame does not do here
 * (Solana's have their own: the user sees 'Action not allowed').
 */
export function parseApprovalRequest(method: string, params: unknown, account: Address, chainId: number): { request: ApprovalRequest } | { error: string } {
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'personal_sign': {
      const [message, address] = list;
      if (typeof message !== 'string' || message.length > 2 + 2 * 64 * 1024 || typeof address !== 'string') return { error: ApprovalText.malformed };
      if (!sameAddress(address, account)) return { error: ApprovalText.otherAccount };
      // MetaMask's rule: a 0x-hex message is bytes, anything else is text.
      return { request: { method, message: /^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as Hex } : message } };
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list;
      if (typeof address !== 'string' || !sameAddress(address, account)) return { error: typeof address === 'string' ? ApprovalText.otherAccount : ApprovalText.malformed };
      let typedData: unknown = data;
      if (typeof data === 'string') {
        if (data.length > MAX_TYPED_DATA_JSON) return { error: ApprovalText.malformed };
        try {
          typedData = JSON.parse(data);
        } catch {
          return { error: ApprovalText.malformed };
        }
      }
      const parsed = v.safeParse(TypedDataSchema, typedData);
      if (!parsed.success || !(parsed.output.primaryType in parsed.output.types)) return { error: ApprovalText.malformed };
      const definition = signedTypedData(parsed.output as unknown as TypedDataDefinition);
      const domainChain = (definition.domain as Record<string, unknown> | undefined)?.chainId;
      if (domainChain !== undefined && BigInt(domainChain as string | number) !== BigInt(chainId)) return { error: ApprovalText.otherNetwork };
      // Stricter than MetaMask: a struct with missing fields or an address with a wrong EIP-55
      // checksum is refused here, before the user is asked, rather than signed as zeros.
      try {
        hashTypedData(definition);
      } catch {
        return { error: ApprovalText.malformed };
      }
      return { request: { method, typedData: definition } };
    }
    case 'eth_sendTransaction': {
      const parsed = v.safeParse(TransactionSchema, list[0]);
      if (!parsed.success) return { error: ApprovalText.malformed };
      const tx = parsed.output;
      if (!sameAddress(tx.from, account)) return { error: ApprovalText.otherAccount };
      if (tx.chainId !== undefined && BigInt(tx.chainId) !== BigInt(chainId)) return { error: ApprovalText.otherNetwork };
      const fees = { gasPrice: quantity(tx.gasPrice), maxFeePerGas: quantity(tx.maxFeePerGas), maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas) };
      const feeProblem = feeFieldsError(Object.fromEntries(Object.entries(fees).filter(([, value]) => value !== undefined)));
      if (feeProblem) return { error: feeProblem };
      const data = (tx.data ?? tx.input) as Hex | undefined;
      return {
        request: {
          method,
          transaction: {
            ...(tx.to ? { to: tx.to as Address } : {}),
            value: quantity(tx.value) ?? 0n,
            ...(data && data !== '0x' ? { data } : {}),
            ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
            ...Object.fromEntries(Object.entries(fees).filter(([, value]) => value !== undefined)),
            ...(tx.nonce ? { nonce: Number(BigInt(tx.nonce)) } : {}),
          },
        },
      };
    }
    case 'wallet_sendCalls':
      return parseSendCalls(params, account, chainId, ApprovalText);
    case 'eth_sendUserOperation':
      return parseSendUserOperation(params, account, ApprovalText);
    case 'wallet_grantPermissions':
      return parseGrantPermissions(params, account, chainId, Math.floor(Date.now() / 1000), ApprovalText);
    case 'wallet_revokePermissions':
      return parseRevokePermissions(params);
    default:
      return { error: ErrorText.actionNotAllowed };
  }
}
