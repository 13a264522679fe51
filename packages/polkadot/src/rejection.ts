import { USER_REJECTED_CODE } from '@cairn/core';
import { isRefusal } from './injected.ts';

/** An extension's refusal as the EIP-1193 user rejection (code 4001) the core recognises; other errors pass. */
export function asUserRejection(error: unknown): unknown {
  if (!isRefusal(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(`The user rejected the request (${message})`), { code: USER_REJECTED_CODE, cause: error });
}
