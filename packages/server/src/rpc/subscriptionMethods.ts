import type { RpcNamespace } from './servedMethods.ts';

/**
 * What the proxy lets through a websocket to the node's own socket, per namespace: subscriptions
 * to heads, accounts, logs, signatures and an extrinsic's progress, and their unsubscribes. Not
 * whole-program or whole-mempool feeds (solana programSubscribe, eth newPendingTransactions),
 * which cost a node and a socket far more than they cost the caller. Every other call on a
 * websocket is an ordinary call, answered as over HTTP (allow-list, cache, failover).
 */
const SUBSCRIBE: Record<RpcNamespace, ReadonlySet<string>> = {
  eip155: new Set(['eth_subscribe']),
  solana: new Set(['accountSubscribe', 'signatureSubscribe', 'slotSubscribe', 'rootSubscribe', 'logsSubscribe']),
  polkadot: new Set([
    'chain_subscribeNewHeads', 'chain_subscribeNewHead', 'chain_subscribeFinalizedHeads', 'chain_subscribeAllHeads',
    'state_subscribeStorage', 'state_subscribeRuntimeVersion', 'author_submitAndWatchExtrinsic',
  ]),
};

const UNSUBSCRIBE: Record<RpcNamespace, ReadonlySet<string>> = {
  eip155: new Set(['eth_unsubscribe']),
  solana: new Set(['accountUnsubscribe', 'signatureUnsubscribe', 'slotUnsubscribe', 'rootUnsubscribe', 'logsUnsubscribe']),
  polkadot: new Set([
    'chain_unsubscribeNewHeads', 'chain_unsubscribeNewHead', 'chain_unsubscribeFinalizedHeads', 'chain_unsubscribeAllHeads',
    'state_unsubscribeStorage', 'state_unsubscribeRuntimeVersion', 'author_unwatchExtrinsic',
  ]),
};

/** eth_subscribe's kinds the proxy passes: new blocks and a contract's (or a topic's) logs. */
const EVM_FEEDS = new Set(['newHeads', 'logs']);
/** logsSubscribe only for the transactions that mention given accounts, never `all`. */
const mentionsOnly = (filter: unknown) => typeof filter === 'object' && filter !== null && Array.isArray((filter as { mentions?: unknown }).mentions);

export type SocketCall = 'subscribe' | 'unsubscribe';

/** Whether `method` with `params` goes to the node's socket (and which way), or is no subscription call (undefined). */
export function socketCall(namespace: RpcNamespace, method: string, params: unknown): SocketCall | 'refused' | undefined {
  if (UNSUBSCRIBE[namespace].has(method)) return 'unsubscribe';
  if (!SUBSCRIBE[namespace].has(method)) return undefined;
  const first = Array.isArray(params) ? (params as unknown[])[0] : undefined;
  if (method === 'eth_subscribe' && !(typeof first === 'string' && EVM_FEEDS.has(first))) return 'refused';
  if (method === 'logsSubscribe' && !mentionsOnly(first)) return 'refused';
  return 'subscribe';
}
