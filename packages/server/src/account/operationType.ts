import { ZERO_ADDRESS } from '../indexer/extractBlockData.ts';

export type OperationType = 'approve' | 'burn' | 'deploy' | 'execute' | 'mint' | 'receive' | 'send' | 'trade';

const APPROVAL_SELECTORS = new Set(['0x095ea7b3' /* approve */, '0xa22cb465' /* setApprovalForAll */]);

type TransferSide = { from_address: string; to_address: string; contract: string | null; standard: string };

/**
 * What a transaction was, seen from `account` (lowercase): tokens from the zero address are a
 * mint, to it a burn; assets both out and in are a trade; only out a send, only in a receive.
 * Without a transfer: a contract creation is a deploy, an approval an approve, else execute.
 */
export function operationType(
  account: string,
  tx: { from_address: string; to_address: string | null; selector: string | null },
  transfers: readonly TransferSide[],
): OperationType {
  const mine = transfers.filter((t) => t.from_address === account || t.to_address === account);
  if (mine.length > 0) {
    if (mine.every((t) => t.from_address === ZERO_ADDRESS)) return 'mint';
    if (mine.every((t) => t.to_address === ZERO_ADDRESS)) return 'burn';
    if (mine.every((t) => t.from_address === account && t.to_address === account)) return 'send'; // to oneself: direction 'self'
    const out = mine.filter((t) => t.from_address === account && t.to_address !== account);
    const into = mine.filter((t) => t.to_address === account && t.from_address !== account);
    const asset = (t: TransferSide) => t.contract ?? 'native';
    if (out.length > 0 && into.length > 0 && out.some((o) => into.some((i) => asset(i) !== asset(o)))) return 'trade';
    if (out.length > 0) return 'send';
    return 'receive';
  }
  if (tx.to_address === null) return 'deploy';
  if (tx.selector && APPROVAL_SELECTORS.has(tx.selector)) return 'approve';
  return 'execute';
}
