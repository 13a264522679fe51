import type { PrivateKeyAccount } from 'viem/accounts';
import { FRAME_RPC_ERRORS, RPC_APPROVAL_TIMEOUT_MS } from '../protocol/events.ts';
import { ApprovalText, parseApprovalRequest } from '../signing/approvalRequest.ts';
import { summarizeApproval, type ApprovalSummary } from '../signing/approvalSummary.ts';
import { executeApproval } from '../signing/executeApproval.ts';

/** The frame's own approval screen (never the site's). */
export interface ApprovalPrompts {
  /** Shows the request; true when the user approved, false on Reject or when `signal` aborts (the site stopped waiting). */
  ask(summary: ApprovalSummary, signal: AbortSignal): Promise<boolean>;
}

export interface ApprovalNetwork {
  chainId: number;
  /** The frame's own RPC URL for the chain: never one the site passes. */
  rpcUrl: string;
  name?: string;
  nativeCurrency: { symbol: string; decimals: number };
}

export interface ApprovalCall {
  method: string;
  params: unknown;
  network: ApprovalNetwork;
  /** The site's origin from the channel's handshake. */
  origin: string;
}

/** A request to sign before any login. */
export const NOT_SIGNED_IN = FRAME_RPC_ERRORS.notSignedIn;

// The screen closes as rejected a little before the widget stops waiting, so the answer still reaches it
// and nothing can be approved for a site that has given up.
const SCREEN_MARGIN_MS = 5_000;

/** viem's errors carry a one-line `shortMessage`; the site gets that, not the multi-line details. */
const shortMessageOf = (error: unknown) => {
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  return typeof short === 'string' && short !== '' ? new Error(short) : error;
};

/**
 * An RPC call of SPEC §6's approval list: decoded and checked for the logged-in wallet and the
 * network, shown on the frame's screen, and, once the user approves, signed in the frame (and a
 * transaction sent through the frame's RPC URL). One request at a time.
 */
export function approvalRpc(options: { signer(): PrivateKeyAccount | undefined; prompts: ApprovalPrompts; screenTimeoutMs?: number }) {
  const screenTimeoutMs = options.screenTimeoutMs ?? RPC_APPROVAL_TIMEOUT_MS - SCREEN_MARGIN_MS;
  let asking = false;
  return async ({ method, params, network, origin }: ApprovalCall): Promise<{ result: unknown }> => {
    const signer = options.signer();
    if (!signer) throw new Error(NOT_SIGNED_IN);
    const parsed = parseApprovalRequest(method, params, signer.address, network.chainId);
    if ('error' in parsed) throw new Error(parsed.error);
    if (asking) throw new Error(ApprovalText.busy);
    asking = true;
    let approved: boolean;
    try {
      const summary = summarizeApproval(parsed.request, { origin, chainId: network.chainId, ...(network.name ? { networkName: network.name } : {}), nativeCurrency: network.nativeCurrency, account: signer.address });
      approved = await options.prompts.ask(summary, AbortSignal.timeout(screenTimeoutMs));
    } finally {
      asking = false;
    }
    if (!approved) throw new Error(ApprovalText.userRejected);
    // A sign-out while the screen was open ends the wallet it was opened for.
    if (options.signer() !== signer) throw new Error(NOT_SIGNED_IN);
    try {
      return { result: await executeApproval(parsed.request, { signer, chainId: network.chainId, rpcUrl: network.rpcUrl }) };
    } catch (error) {
      throw shortMessageOf(error);
    }
  };
}
