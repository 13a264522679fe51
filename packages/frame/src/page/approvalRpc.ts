import type { Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { ErrorText } from '@cairn/core';
import { fill, type Translate } from '@cairn/core/rules';
import { FRAME_RPC_ERRORS, RPC_APPROVAL_TIMEOUT_MS } from '../protocol/events.ts';
import { ApprovalText, parseApprovalRequest, type ApprovalRequest } from '../signing/approvalRequest.ts';
import { summarizeApproval, type ApprovalSummary } from '../signing/approvalSummary.ts';
import { asSmartAccountRequest, executeApproval, operationCalls } from '../signing/executeApproval.ts';
import { tokensWithAmounts } from '../signing/approvalCalls.ts';
import { rpcCallReader, tokenMetadataCache, type TokenMetadata } from '../signing/tokenMetadata.ts';
import { collectionSessionRefusal, rpcProbeReader } from '../smartAccount/collectionTarget.ts';
import type { ActiveAccount } from '../smartAccount/frameAccounts.ts';
import { OperationRefusedError } from '../smartAccount/operationRefused.ts';
import type { PreparedOperation } from '../smartAccount/smartAccountSender.ts';
import { SmartAccountText } from '../smartAccount/smartAccountText.ts';

/** What only the smart account does: an EOA runs no batch atomically, no user operation, holds no session key; the site hears 'Action not allowed'. */
const SMART_ACCOUNT_ONLY_METHODS = new Set(['wallet_sendCalls', 'eth_sendUserOperation', 'wallet_grantPermissions', 'wallet_revokePermissions']);
/** What the smart account does: it sends, signs messages it vouches for (ERC-1271, ERC-6492 before deployment), and grants session keys. */
const SMART_ACCOUNT_METHODS = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', ...SMART_ACCOUNT_ONLY_METHODS]);

/** The frame's own approval screen (never the site's). */
export interface ApprovalPrompts {
  /** Shows the request; true when the user approved, false on Reject or when `signal` aborts (the site stopped waiting). */
  ask(summary: ApprovalSummary, signal: AbortSignal): Promise<boolean>;
  /** The screen's language (the widget's, issue 27): the summary is written in it. English when absent. */
  t?: Translate;
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
export function approvalRpc(options: {
  signer(): PrivateKeyAccount | undefined;
  /** The account the key acts as on a network (its smart account where preferred and enabled); the key itself when absent. */
  active?(signer: PrivateKeyAccount, chainId: number): Promise<ActiveAccount>;
  prompts: ApprovalPrompts;
  screenTimeoutMs?: number;
  /** Before signing what the user approved: the login still opens the wallet on this device (session 22; FrameLogin.checkLive), else it throws. */
  live?(): Promise<void>;
}) {
  const screenTimeoutMs = options.screenTimeoutMs ?? RPC_APPROVAL_TIMEOUT_MS - SCREEN_MARGIN_MS;
  let asking = false;
  const tokenMetadata = tokenMetadataCache();
  /** The decimals and symbol of the tokens the request moves, read through the frame's RPC before the screen opens (each read bounded in time). */
  const readTokens = async (request: ApprovalRequest, network: ApprovalNetwork) => {
    const tokens = tokensWithAmounts(request);
    if (tokens.length === 0) return undefined;
    const read = rpcCallReader(network.rpcUrl);
    const answers = await Promise.all(tokens.map(async (token) => [token, await tokenMetadata(network.chainId, token, read)] as const));
    return new Map(answers.filter((answer): answer is readonly [Address, TokenMetadata] => answer[1] !== undefined));
  };
  return async ({ method, params, network, origin }: ApprovalCall): Promise<{ result: unknown }> => {
    const signer = options.signer();
    if (!signer) throw new Error(NOT_SIGNED_IN);
    const account = options.active ? await options.active(signer, network.chainId) : ({ type: 'eoa', address: signer.address } as const);
    if (account.type === 'smartAccount' && !SMART_ACCOUNT_METHODS.has(method)) throw new Error(SmartAccountText.unsupportedRequest);
    if (account.type === 'eoa' && SMART_ACCOUNT_ONLY_METHODS.has(method)) throw new Error(ErrorText.actionNotAllowed);
    const parsed = parseApprovalRequest(method, params, account.address, network.chainId);
    if ('error' in parsed) throw new Error(parsed.error);
    const request = account.type === 'smartAccount' ? asSmartAccountRequest(parsed.request) : parsed.request;
    if (parsed.request.method === 'eth_sendUserOperation' && account.type === 'smartAccount' && parsed.request.entryPoint.toLowerCase() !== account.sender.entryPoint.toLowerCase()) {
      throw new Error(SmartAccountText.otherEntryPoint);
    }
    const sender = account.type === 'smartAccount' ? account.sender : undefined;
    const calls = sender ? operationCalls(request, sender.address) : undefined;
    // The screen and the site's wait share one deadline: asking again after a fee rise takes no more time than the first screen had left.
    const deadline = Date.now() + screenTimeoutMs;
    const tokens = once(() => readTokens(request, network));
    /** Shows `request` (with the user operation's fee when the smart account sends) and waits for the user; true when approved. */
    const show = async (prepared: PreparedOperation | undefined, warning?: string) => {
      const read = await tokens();
      // What the signed operation says, not the network's configuration: sponsored when it names a paymaster, deploying when it names a factory.
      const deployedBy = prepared?.operation.factory;
      const operation = prepared ? { operation: { fee: prepared.fee, sponsored: prepared.operation.paymaster !== undefined, ...(deployedBy ? { deployedBy } : {}) } } : {};
      const subject = { origin, chainId: network.chainId, ...(network.name ? { networkName: network.name } : {}), nativeCurrency: network.nativeCurrency, account: account.address, ...(read ? { tokens: read } : {}), ...operation };
      const summary = summarizeApproval(request, subject, options.prompts.t);
      return options.prompts.ask(warning ? { ...summary, warning } : summary, AbortSignal.timeout(Math.max(0, deadline - Date.now())));
    };
    /** One request at a time, from its first read (the bundler's estimate, the tokens) to the user's answer: a site cannot have the frame estimate many at once. */
    const alone = async <T,>(run: () => Promise<T>): Promise<T> => {
      if (asking) throw new Error(ApprovalText.busy);
      asking = true;
      try {
        return await run();
      } finally {
        asking = false;
      }
    };
    const approvedBy = async (answer: Promise<boolean>) => {
      if (!(await answer)) throw new Error(ApprovalText.userRejected);
      // A sign-out while the screen was open ends the wallet it was opened for; so does this device's removal.
      if (options.signer() !== signer) throw new Error(NOT_SIGNED_IN);
      await options.live?.();
      if (options.signer() !== signer) throw new Error(NOT_SIGNED_IN);
    };
    /** The bundler's estimate of the operation (none but for the smart account's sends); a failure is the site's answer. */
    const estimate = async () => {
      try {
        return sender && calls ? await sender.prepareCalls(calls) : undefined;
      } catch (error) {
        throw shortMessageOf(error);
      }
    };
    /** A counted session on a collection (ERC-165 or ERC-721's shape, read through the frame's RPC): refused before the estimate and the screen (session 26). */
    const refuseCollection = async () => {
      if (request.method !== 'wallet_grantPermissions') return;
      const refusal = await collectionSessionRefusal(request.grant, rpcProbeReader(network.rpcUrl));
      if (refusal) throw new Error(refusal);
    };
    // The estimate comes first: the screen shows the most the operation lets the network charge, and that operation is the one signed.
    const prepared = await alone(async () => {
      await refuseCollection();
      const operation = await estimate();
      await approvedBy(show(operation));
      return operation;
    });
    const execute = (operation: PreparedOperation | undefined) =>
      executeApproval(request, { signer, chainId: network.chainId, rpcUrl: network.rpcUrl, ...(sender ? { smartAccount: sender } : {}), ...(operation ? { prepared: operation } : {}) });
    try {
      return { result: await execute(prepared) };
    } catch (error) {
      // The bundler refused the approved operation (its fees or nonce went stale on the screen): nothing was sent. A fresh
      // estimate is sent if it allows no more than the user approved; a dearer one only after the user approves it in turn.
      if (!(prepared && error instanceof OperationRefusedError)) throw shortMessageOf(error);
    }
    const t = options.prompts.t ?? fill;
    const fresh = await alone(async () => {
      const operation = (await estimate())!;
      if (operation.fee.maxCost > prepared.fee.maxCost) await approvedBy(show(operation, t('request.feeRoseApproveAgain')));
      return operation;
    });
    try {
      return { result: await execute(fresh) };
    } catch (error) {
      throw shortMessageOf(error);
    }
  };
}

/** `run`'s promise, made on the first call and shared by the later ones. */
function once<T>(run: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= run());
}
