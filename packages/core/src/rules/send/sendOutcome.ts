import { NAMESPACES } from '../../namespaces.ts';
import type { CaipNetwork } from '../../types.ts';
import { nodeErrorText } from './nodeErrorText.ts';

/** How a send went, once the wallet sent it: what Send and its toast say. */
export interface SendOutcome {
  status: 'pending' | 'confirmed' | 'failed';
  /** The transaction's hash; for a send the wallet took as a batch (a smart account's), the batch's id until the transaction that carried it is known. */
  hash: string;
  /** The transaction's page on the network's block explorer, when the network has one. */
  explorer?: { url: string; name: string };
  /** What was sent, in whole units, and to whom. */
  amountText: string;
  symbol: string;
  receiver: string;
  /** Why it failed, when the node says (SPEC §8 node texts). */
  reason?: string;
}

export const SEND_OUTCOME_TEXTS = {
  pending: 'Sent. Waiting for the network to confirm it…',
  confirmed: 'Transaction confirmed',
  failed: 'Transaction failed',
  reverted: 'The contract refused the transaction.',
} as const;

/** The template for a revert whose reason the node gave. */
export const REVERTED_WITH_REASON = 'The contract refused the transaction: {reason}';

const MAX_REASON_LENGTH = 160;

/**
 * Why a mined send failed, from the node's words: SPEC §8's 'execution reverted' with the
 * contract's reason where there is one (an undecoded custom error is cut to its selector), the
 * other node texts as Send says them, else the node's text itself.
 */
export function failedSendReason(nodeMessage: string | undefined): string | undefined {
  if (!nodeMessage?.trim()) return undefined;
  const reverted = /execution reverted(?::\s*([\s\S]+))?/i.exec(nodeMessage);
  if (reverted) {
    const reason = reverted[1]?.trim().replace(/^(custom error 0x[0-9a-f]{8})[\s\S]*$/i, '$1').slice(0, MAX_REASON_LENGTH);
    return reason ? REVERTED_WITH_REASON.replace('{reason}', reason) : SEND_OUTCOME_TEXTS.reverted;
  }
  return nodeErrorText(nodeMessage) ?? nodeMessage.trim().slice(0, MAX_REASON_LENGTH);
}

/** A transaction's page on the network's block explorer; undefined without one (a local chain). */
export function transactionExplorerUrl(network: CaipNetwork, hash: string): string | undefined {
  const base = network.blockExplorers?.default.url;
  if (!base || !/^https?:\/\/[^\s"'<>]+$/i.test(base)) return undefined;
  return `${base.replace(/\/+$/, '')}${NAMESPACES[network.chainNamespace].explorerTransactionPath}${encodeURIComponent(hash)}`;
}

/** The explorer page of a transaction as a toast or an outcome links it: its URL and the explorer's name. */
export function transactionExplorerLink(network: CaipNetwork, hash: string): { url: string; name: string } | undefined {
  const url = transactionExplorerUrl(network, hash);
  return url ? { url, name: network.blockExplorers!.default.name } : undefined;
}
