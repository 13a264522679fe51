import type { SolanaAccount } from '../custody/solanaAccount.ts';
import { RPC_APPROVAL_TIMEOUT_MS } from '../protocol/events.ts';
import { ApprovalText } from '../signing/approvalRequest.ts';
import { executeSolanaApproval, parseSolanaRequest, SolanaApprovalText, summarizeSolanaApproval, type SolanaMethod } from '../signing/solanaApproval.ts';
import { NOT_SIGNED_IN, type ApprovalPrompts } from './approvalRpc.ts';
import type { FrameConfig } from './frameConfig.ts';

const SCREEN_MARGIN_MS = 5_000;

/**
 * SPEC §6's Solana sign methods: decoded and checked for the logged-in wallet's Solana account,
 * shown on the frame's approval screen, and once approved signed in the frame (a transaction to
 * send goes through the frame's own Solana RPC URL). One request at a time.
 */
export function solanaApprovalRpc(options: { account(): SolanaAccount | undefined; prompts: ApprovalPrompts; cluster: FrameConfig['solana']; screenTimeoutMs?: number; live?(): Promise<void> }) {
  let asking = false;
  return async ({ method, params, origin }: { method: SolanaMethod; params: unknown; origin: string }): Promise<{ result: Record<string, string> }> => {
    const { cluster } = options;
    if (!cluster) throw new Error(SolanaApprovalText.noNetwork);
    const account = options.account();
    if (!account) throw new Error(NOT_SIGNED_IN);
    const parsed = parseSolanaRequest(method, params, account.address);
    if ('error' in parsed) throw new Error(parsed.error);
    if (asking) throw new Error(ApprovalText.busy);
    asking = true;
    let approved: boolean;
    try {
      const summary = summarizeSolanaApproval(parsed.request, { origin, networkName: cluster.name ?? `Solana ${cluster.reference}`, account: account.address }, options.prompts.t);
      approved = await options.prompts.ask(summary, AbortSignal.timeout(options.screenTimeoutMs ?? RPC_APPROVAL_TIMEOUT_MS - SCREEN_MARGIN_MS));
    } finally {
      asking = false;
    }
    if (!approved) throw new Error(ApprovalText.userRejected);
    // A sign-out while the screen was open ends the wallet it was opened for.
    if (options.account() !== account) throw new Error(NOT_SIGNED_IN);
    // This device removed, or the login ended, meanwhile: the key is wiped and nothing signed (session 22).
    await options.live?.();
    if (options.account() !== account) throw new Error(NOT_SIGNED_IN);
    return { result: await executeSolanaApproval(parsed.request, account, cluster.rpcUrl) };
  };
}
