// Sending and watching transactions: a chunk of its own, fetched when Send opens or a site's call
// sends a transaction (viem's ABI encoding is not needed before).
import { encodeFunctionData, erc20Abi, numberToHex, type Address } from 'viem';
import type { SendParams } from '@cairn/core';
import { jsonRpcRequest } from '@cairn/core/internal';
import { normalizeEvmAddress } from './normalizeAddress.ts';

export interface EvmTransactionRequest {
  from: Address;
  to: Address;
  value: `0x${string}`;
  data?: `0x${string}`;
}

/** The transaction a send makes: value to the receiver, or an ERC-20 `transfer` call to the token. */
export function sendTransactionRequest(params: SendParams): EvmTransactionRequest {
  const from = normalizeEvmAddress(params.from) as Address;
  const receiver = normalizeEvmAddress(params.receiver) as Address;
  if (!params.token) return { from, to: receiver, value: numberToHex(params.amount) };
  return {
    from,
    to: normalizeEvmAddress(params.token.address) as Address,
    value: '0x0',
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, params.amount] }),
  };
}

/** The same send as EIP-5792's batch of one call (2.0.0), atomic: what a smart account sends as one user operation. */
export function sendCallsRequest(params: SendParams) {
  const { from, to, value, data } = sendTransactionRequest(params);
  return { version: '2.0.0', chainId: numberToHex(Number(params.network.id)), from, atomicRequired: true, calls: [{ to, value, ...(data ? { data } : {}) }] };
}

function rpcUrl(params: { network: SendParams['network'] }): string {
  const url = params.network.rpcUrls.default.http[0];
  if (!url) throw new Error(`No RPC URL for ${params.network.caipNetworkId}`);
  return url;
}

export async function estimateSendGas(params: SendParams): Promise<bigint> {
  const hex = await jsonRpcRequest<string>(rpcUrl(params), 'eth_estimateGas', [sendTransactionRequest(params)]);
  return BigInt(hex);
}

export { numberToHex };

const POLL_MS = 1000;

/**
 * SPEC §7: a pending transaction found by a block filter (eth_newBlockFilter, then
 * eth_getFilterChanges for new blocks, uninstalled after), falling back to asking for the receipt
 * each second on a node without filters. Resolves with the receipt's status.
 */
export async function waitForEvmTransaction(params: { network: SendParams['network']; hash: string; signal?: AbortSignal }): Promise<'success' | 'reverted'> {
  const url = rpcUrl(params);
  const receipt = async () => {
    const found = await jsonRpcRequest<{ status?: string } | null>(url, 'eth_getTransactionReceipt', [params.hash]);
    return found ? (found.status === '0x1' ? 'success' : 'reverted') : undefined;
  };
  const sleep = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, POLL_MS);
      params.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(params.signal!.reason ?? new Error('aborted'));
      });
    });
  let filter: string | undefined;
  try {
    filter = await jsonRpcRequest<string>(url, 'eth_newBlockFilter', []);
  } catch {
    filter = undefined;
  }
  try {
    for (;;) {
      params.signal?.throwIfAborted();
      // A lagging node answers null: that is "not yet", never a failure.
      const status = await receipt().catch(() => undefined);
      if (status) return status;
      await sleep();
      if (filter) {
        const blocks = await jsonRpcRequest<unknown[]>(url, 'eth_getFilterChanges', [filter]).catch(() => undefined);
        // The node forgot the filter (restarts, timeouts): fall back to plain polling.
        if (blocks === undefined) filter = undefined;
        else if (blocks.length === 0) continue;
      }
    }
  } finally {
    if (filter) void jsonRpcRequest(url, 'eth_uninstallFilter', [filter]).catch(() => undefined);
  }
}
export { evmTransactionFailure } from './transactionFailure.ts';
