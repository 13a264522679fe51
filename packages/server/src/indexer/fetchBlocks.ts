import { numberToHex, type Hex } from 'viem';
import { JsonRpcError, type JsonRpcClient } from '../chain/jsonRpc.ts';

export type RpcTransaction = { hash: Hex; from: Hex; to: Hex | null; value: Hex; nonce: Hex; input: Hex; transactionIndex: Hex };
export type RpcBlock = { number: Hex; hash: Hex; parentHash: Hex; timestamp: Hex; transactions: RpcTransaction[] };
export type RpcLog = { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex; transactionHash: Hex };
export type RpcReceipt = { transactionHash: Hex; blockHash: Hex; status: Hex; contractAddress: Hex | null; logs: RpcLog[] };

export type FetchedBlock = { block: RpcBlock; receipts: RpcReceipt[] };

/** Nodes without eth_getBlockReceipts get receipts one transaction at a time (still one batch). */
const noBlockReceipts = new WeakSet<JsonRpcClient>();

/**
 * Blocks from..to (inclusive) with full transactions and their receipts, in as few round trips as
 * the node allows. Stops at the first block the node does not have (the head moved back) or whose
 * receipts belong to another block (a reorg between the two reads): the caller re-plans.
 */
export async function fetchBlocks(rpc: JsonRpcClient, from: number, to: number): Promise<FetchedBlock[]> {
  const numbers = Array.from({ length: to - from + 1 }, (_, index) => numberToHex(from + index));
  const withBlockReceipts = !noBlockReceipts.has(rpc);
  const replies = await rpc.batchSettled(
    numbers.flatMap((number) => [
      { method: 'eth_getBlockByNumber', params: [number, true] },
      ...(withBlockReceipts ? [{ method: 'eth_getBlockReceipts', params: [number] }] : []),
    ]),
  );
  const step = withBlockReceipts ? 2 : 1;
  const fetched: FetchedBlock[] = [];
  for (let index = 0; index < numbers.length; index++) {
    const block = replies[index * step];
    if (block instanceof JsonRpcError) throw block;
    if (!block) break;
    let receipts = withBlockReceipts ? replies[index * step + 1] : undefined;
    if (receipts instanceof JsonRpcError) {
      if (!/not (found|supported|available)|does not exist|unknown method/i.test(receipts.message) && receipts.code !== -32601) throw receipts;
      noBlockReceipts.add(rpc);
      return fetchBlocks(rpc, from, to);
    }
    const typedBlock = block as RpcBlock;
    if (!withBlockReceipts) receipts = await transactionReceipts(rpc, typedBlock);
    const typedReceipts = (receipts ?? []) as RpcReceipt[];
    if (typedReceipts.length !== typedBlock.transactions.length || typedReceipts.some((receipt) => receipt.blockHash !== typedBlock.hash)) break;
    fetched.push({ block: typedBlock, receipts: typedReceipts });
  }
  return fetched;
}

async function transactionReceipts(rpc: JsonRpcClient, block: RpcBlock): Promise<RpcReceipt[]> {
  return (await rpc.batch(block.transactions.map((tx) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })))) as RpcReceipt[];
}

/** Hashes of the chain's blocks at the given heights (null where the chain is not that high). */
export async function fetchBlockHashes(rpc: JsonRpcClient, numbers: readonly number[]): Promise<(string | null)[]> {
  const blocks = (await rpc.batch(numbers.map((number) => ({ method: 'eth_getBlockByNumber', params: [numberToHex(number), false] })))) as (
    | { hash: Hex }
    | null
  )[];
  return blocks.map((block) => block?.hash.toLowerCase() ?? null);
}
