import type { RpcNamespace } from './servedMethods.ts';

/**
 * How long a node's answer to a call may be served again: `forever` where it cannot change,
 * `block` (one block time) where it changes only with a new block, or not at all.
 */
export type AnswerLifetime = 'forever' | 'block' | undefined;

const BLOCK_NUMBER = /^0x[0-9a-fA-F]{1,16}$/;
/** A block named by number or hash (EIP-1898), never by a tag (latest, pending, safe, finalized, earliest). */
const isFixedBlock = (block: unknown): boolean =>
  (typeof block === 'string' && BLOCK_NUMBER.test(block)) ||
  (typeof block === 'object' && block !== null && ('blockHash' in block || 'blockNumber' in block) && !('requireCanonical' in block && block.requireCanonical === false));

const param = (params: unknown, index: number): unknown => (Array.isArray(params) ? params[index] : undefined);

/** An EVM call's lifetime: by method, and for eth_call by its block. */
function evmAnswerLifetime(method: string, params: unknown): AnswerLifetime {
  switch (method) {
    case 'eth_chainId':
    case 'net_version':
    case 'eth_getBlockByHash':
    case 'eth_getTransactionReceipt':
      return 'forever';
    case 'eth_call':
      return isFixedBlock(param(params, 1)) ? 'forever' : undefined;
    case 'eth_blockNumber':
    case 'eth_gasPrice':
      return 'block';
    default:
      return undefined;
  }
}

// Each namespace's calls whose answers can be kept; one line per namespace the proxy serves.
const LIFETIMES: Record<RpcNamespace, (method: string, params: unknown) => AnswerLifetime> = {
  eip155: evmAnswerLifetime,
  solana: (method) => (method === 'getGenesisHash' ? 'forever' : undefined),
  polkadot: () => undefined,
};

/** The lifetime of a call's answer, before it is known (see isFinalAnswer for the answer's own say). */
export function answerLifetime(namespace: RpcNamespace, method: string, params: unknown): AnswerLifetime {
  return LIFETIMES[namespace](method, params);
}

/**
 * Whether a `forever` answer is final: an unknown block or a receipt not yet mined (null) is
 * asked again next time. (A block by number can still be reorganised away below finality: a call
 * at a fixed block number is taken as fixed, as providers' caches take it.)
 */
export function isFinalAnswer(method: string, result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return result !== undefined && result !== null;
  if (method === 'eth_getBlockByHash') return (result as { hash?: unknown }).hash != null;
  if (method === 'eth_getTransactionReceipt') return (result as { blockHash?: unknown }).blockHash != null;
  return result !== undefined && result !== null;
}
