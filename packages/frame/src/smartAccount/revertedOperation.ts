import { decodeErrorResult, type Hex } from 'viem';
import { FRAME_RPC_ERRORS } from '../protocol/events.ts';

/** SPEC §8's node text for a call that reverted: worded as a node words it, so a site's library (viem's ExecutionRevertedError) and Cairn's Send read it as one. */
export const REVERTED_TEXT = FRAME_RPC_ERRORS.executionReverted;

const MAX_REASON_LENGTH = 160;

/**
 * What eth_sendTransaction answers when the smart account's user operation landed but its call
 * reverted (the EntryPoint's UserOperationEvent says success=false): the bundle's transaction
 * succeeded, the call did not happen, so the site gets an error, not a hash whose receipt says
 * success. `reason` is the revert data the bundler read from UserOperationRevertReason: an
 * Error(string) or a panic is decoded, another error is named by its selector.
 */
export function revertedOperationError(reason: string | undefined): Error {
  const why = revertReason(reason);
  return new Error(why ? `${REVERTED_TEXT}: ${why}` : REVERTED_TEXT);
}

function revertReason(reason: string | undefined): string | undefined {
  if (!reason || !/^0x([0-9a-fA-F]{2})+$/.test(reason)) return undefined;
  try {
    const { errorName, args } = decodeErrorResult({ data: reason as Hex });
    const [first] = args ?? [];
    if (errorName === 'Error' && typeof first === 'string') return first.slice(0, MAX_REASON_LENGTH) || undefined;
    if (errorName === 'Panic' && typeof first === 'bigint') return `panic ${first}`;
  } catch {
    // a custom error the frame has no ABI for
  }
  return reason.slice(0, 10);
}
