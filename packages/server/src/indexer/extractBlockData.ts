import { hexToBigInt, hexToNumber } from 'viem';
import type { AccountTransactionsTable, BlocksTable, TransactionsTable, TransfersTable } from '../db/schema.ts';
import type { FetchedBlock } from './fetchBlocks.ts';
import { TRANSFER_TOPIC, topicAddress, ZERO_ADDRESS } from './eventTopics.ts';
import { routerNativePayouts } from './routerNativePayouts.ts';

export { TRANSFER_TOPIC, ZERO_ADDRESS } from './eventTopics.ts';

export type BlockRows = {
  blocks: BlocksTable[];
  transactions: TransactionsTable[];
  transfers: TransfersTable[];
  accountTransactions: AccountTransactionsTable[];
};

/**
 * Turns fetched blocks into rows: every transaction, the native value of each successful one, and
 * each Transfer log. The standard follows from the log's shape: ERC-20 indexes from and to and
 * puts the amount in data (3 topics, 32 bytes); ERC-721 also indexes the token id (4 topics, no
 * data). Other shapes (e.g. pre-standard NFTs) are not token transfers we can read reliably.
 */
export function extractBlockData(chainId: number, fetched: readonly FetchedBlock[]): BlockRows {
  const rows: BlockRows = { blocks: [], transactions: [], transfers: [], accountTransactions: [] };
  for (const { block, receipts } of fetched) {
    const number = hexToNumber(block.number);
    const timestamp = hexToNumber(block.timestamp);
    rows.blocks.push({ chain_id: chainId, number, hash: block.hash.toLowerCase(), parent_hash: block.parentHash.toLowerCase(), timestamp });
    const receiptByHash = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]));
    for (const tx of block.transactions) {
      const hash = tx.hash.toLowerCase();
      const receipt = receiptByHash.get(hash);
      const status = receipt?.status === '0x1' ? 1 : 0;
      const from = tx.from.toLowerCase();
      const to = tx.to?.toLowerCase() ?? null;
      const created = receipt?.contractAddress?.toLowerCase() ?? null;
      const value = hexToBigInt(tx.value);
      const txIndex = hexToNumber(tx.transactionIndex);
      const selector = tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null;
      rows.transactions.push({
        chain_id: chainId, hash, block_number: number, tx_index: txIndex, from_address: from, to_address: to,
        created_address: created, value: value.toString(), status, nonce: hexToNumber(tx.nonce), selector, timestamp,
      });
      const participants = new Set([from, to ?? created].filter((address): address is string => address !== null));
      if (status === 1 && value > 0n && (to ?? created)) {
        rows.transfers.push({
          chain_id: chainId, tx_hash: hash, log_index: -1, block_number: number, standard: 'native', contract: null,
          from_address: from, to_address: (to ?? created)!, amount: value.toString(), token_id: null,
        });
      }
      for (const log of receipt?.logs ?? []) {
        if (status !== 1 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
        const [, fromTopic, toTopic, idTopic] = log.topics;
        if (!fromTopic || !toTopic) continue;
        const isErc20 = log.topics.length === 3 && log.data.length === 66;
        const isErc721 = log.topics.length === 4 && idTopic !== undefined && (log.data === '0x' || log.data === '0x0');
        if (!isErc20 && !isErc721) continue;
        const transfer: TransfersTable = {
          chain_id: chainId, tx_hash: hash, log_index: hexToNumber(log.logIndex), block_number: number,
          standard: isErc20 ? 'erc20' : 'erc721', contract: log.address.toLowerCase(),
          from_address: topicAddress(fromTopic), to_address: topicAddress(toTopic),
          amount: isErc20 ? hexToBigInt(log.data).toString() : '1', token_id: isErc721 ? hexToBigInt(idTopic!).toString() : null,
        };
        rows.transfers.push(transfer);
        participants.add(transfer.from_address).add(transfer.to_address);
      }
      for (const payout of routerNativePayouts(chainId, number, tx, receipt)) {
        rows.transfers.push(payout);
        participants.add(payout.to_address);
      }
      participants.delete(ZERO_ADDRESS);
      for (const address of participants) {
        rows.accountTransactions.push({ chain_id: chainId, address, tx_hash: hash, block_number: number, tx_index: txIndex, timestamp });
      }
    }
  }
  return rows;
}
