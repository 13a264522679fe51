import { FRAME_READ_METHODS } from './frameRpcPermission.ts';

// The frame's reads that are not idempotent: a filter is made, consumed or removed; a raw
// transaction is sent; the account list and the calls' status change with the wallet.
const STATEFUL = new Set([
  'eth_accounts',
  'eth_getFilterChanges',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_uninstallFilter',
  'wallet_getCallsStatus',
]);
// The Solana reads the adapter and the frame make.
const SOLANA_READS = ['getAccountInfo', 'getBalance', 'getLatestBlockhash', 'getSignatureStatuses'];

/**
 * JSON-RPC methods that only read, the same answer for the same question while it is in flight:
 * these may be asked again after a retryable error, and identical ones share one request. Every
 * other method (a send, a filter whose changes are consumed) goes out once, as asked.
 */
const IDEMPOTENT_READS: ReadonlySet<string> = new Set([...[...FRAME_READ_METHODS].filter((method) => !STATEFUL.has(method)), ...SOLANA_READS]);

export function isIdempotentRead(method: string): boolean {
  return IDEMPOTENT_READS.has(method);
}
