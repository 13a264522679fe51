import * as v from 'valibot';
import type { Address, Hex } from 'viem';
import { sendCallsError } from '@cairn/core/internal';

/** The calls of a wallet_sendCalls batch (EIP-5792), decoded: what the approval screen lists and the smart account sends at once. */
export interface SendCallsRequest {
  method: 'wallet_sendCalls';
  calls: { to: Address; value: bigint; data?: Hex }[];
}

/** One screen lists every call; a longer batch is refused rather than shown in part. */
export const MAX_BATCH_CALLS = 16;

const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/));
const HexData = v.pipe(v.string(), v.maxLength(2 + 2 * 128 * 1024), v.regex(/^0x([0-9a-fA-F]{2})*$/));
const SendCallsSchema = v.object({
  version: v.optional(v.pipe(v.string(), v.maxLength(16))),
  chainId: v.optional(Quantity),
  from: v.optional(AddressSchema),
  atomicRequired: v.optional(v.boolean()),
  calls: v.pipe(v.array(v.object({ to: AddressSchema, value: v.optional(Quantity), data: v.optional(HexData) })), v.minLength(1), v.maxLength(MAX_BATCH_CALLS)),
});

export const SendCallsText = {
  tooMany: `A batch may hold at most ${MAX_BATCH_CALLS} calls`,
} as const;

/** Decodes wallet_sendCalls' params for `account` on `chainId`; `errors` names the texts for another account, another network and a malformed request. */
export function parseSendCalls(
  params: unknown,
  account: Address,
  chainId: number,
  errors: { otherAccount: string; otherNetwork: string; malformed: string },
): { request: SendCallsRequest } | { error: string } {
  // SPEC §5's rule first (each call needs a `to`, data starts with 0x), with its own texts.
  const problem = sendCallsError(params);
  if (problem) return { error: problem };
  const [first] = params as unknown[];
  const calls = (first as { calls: unknown[] }).calls;
  if (calls.length > MAX_BATCH_CALLS) return { error: SendCallsText.tooMany };
  const parsed = v.safeParse(SendCallsSchema, first);
  if (!parsed.success) return { error: errors.malformed };
  const batch = parsed.output;
  if (batch.from !== undefined && batch.from.toLowerCase() !== account.toLowerCase()) return { error: errors.otherAccount };
  if (batch.chainId !== undefined && BigInt(batch.chainId) !== BigInt(chainId)) return { error: errors.otherNetwork };
  return {
    request: {
      method: 'wallet_sendCalls',
      calls: batch.calls.map((call) => ({
        to: call.to as Address,
        value: call.value === undefined ? 0n : BigInt(call.value),
        ...(call.data && call.data !== '0x' ? { data: call.data as Hex } : {}),
      })),
    },
  };
}
