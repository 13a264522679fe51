import { hexToBigInt, hexToNumber, type Hex } from 'viem';
import type { TransfersTable } from '../db/schema.ts';
import { TRANSFER_TOPIC, WITHDRAWAL_TOPIC, topicAddress, ZERO_ADDRESS } from './eventTopics.ts';
import type { RpcReceipt, RpcTransaction } from './fetchBlocks.ts';

/**
 * Uniswap-V2-style router calls that pay the swap out in the native coin to their 4th argument, `to`:
 * swapExactTokensForETH, swapTokensForExactETH, swapExactTokensForETHSupportingFeeOnTransferTokens.
 */
const NATIVE_PAYOUT_SELECTORS = new Set(['0x18cbafe5', '0x4a25d94a', '0x791ac947']);

/**
 * The native coin a router paid out in a "…ForETH" swap. That payment is an internal call, in no
 * log, so it is read from the router unwrapping the coin (WETH9's Withdrawal, or a wrapped coin
 * burnt as a Transfer to the zero address) and from the call's `to`. Without it the swap's
 * second leg is missing, and the row reads "Sent to <the pool>". Each row is keyed by a log index
 * below -1 (-1 is the transaction's own value), so it never meets a Transfer log's row.
 */
export function routerNativePayouts(chainId: number, blockNumber: number, tx: RpcTransaction, receipt: RpcReceipt | undefined): TransfersTable[] {
  const router = tx.to?.toLowerCase();
  const selector = tx.input.slice(0, 10).toLowerCase();
  if (!router || receipt?.status !== '0x1' || !NATIVE_PAYOUT_SELECTORS.has(selector) || tx.input.length < 10 + 64 * 4) return [];
  const recipient = `0x${tx.input.slice(10 + 64 * 3 + 24, 10 + 64 * 4)}`.toLowerCase();
  const hash = tx.hash.toLowerCase();
  return receipt.logs.flatMap((log) => {
    const [topic, from, to] = log.topics.map((entry) => entry.toLowerCase());
    const unwrapped =
      (topic === WITHDRAWAL_TOPIC && from !== undefined && topicAddress(from) === router) ||
      (topic === TRANSFER_TOPIC && from !== undefined && to !== undefined && topicAddress(to) === ZERO_ADDRESS && topicAddress(from) === router && log.topics.length === 3);
    if (!unwrapped || log.data.length !== 66) return [];
    return [{
      chain_id: chainId, tx_hash: hash, log_index: -2 - hexToNumber(log.logIndex), block_number: blockNumber, standard: 'native', contract: null,
      from_address: router, to_address: recipient, amount: hexToBigInt(log.data as Hex).toString(), token_id: null,
    }];
  });
}
