import type { HistoryTransaction, HistoryTransfer, OperationType } from '../api/historyApi.ts';
import { formatAmount } from '../format.ts';

// What each operation is called in a row of Activity.
export const TRANSACTION_TITLES: Record<OperationType, string> = {
  approve: 'Approved',
  burn: 'Burned',
  deploy: 'Deployed',
  execute: 'Executed',
  mint: 'Minted',
  receive: 'Received',
  send: 'Sent',
  trade: 'Swapped',
};

export interface TransactionDescription {
  title: string;
  failed: boolean;
  /** The address on the other side: who was paid, or who paid. */
  otherSide: string;
  /** Signed, 3 decimals (SPEC §9), with the symbol: `-1.500 ETH`, `+2.000 CAIRN`; NFTs by name. */
  amounts: string[];
  /** The token's icon, or the NFT's preview. */
  imageUrl?: string;
  /** The NFT's name, for the preview's alternative text. */
  nftName?: string;
}

function signedAmount(transfer: HistoryTransfer): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : '';
  if (transfer.nft_info) return `${sign}${transfer.nft_info.name}`;
  const symbol = transfer.fungible_info?.symbol ?? '';
  return `${sign}${formatAmount(transfer.quantity.numeric)}${symbol ? ` ${symbol}` : ''}`;
}

/** One Activity row, from SPEC §3's transaction, seen from the connected account. */
export function describeTransaction(transaction: HistoryTransaction): TransactionDescription {
  const { metadata, transfers } = transaction;
  const incoming = metadata.operationType === 'receive' || metadata.operationType === 'mint';
  const first = transfers[0];
  const nft = transfers.find((transfer) => transfer.nft_info)?.nft_info;
  const image = nft?.content.preview?.url ?? first?.fungible_info?.icon.url;
  return {
    title: TRANSACTION_TITLES[metadata.operationType],
    failed: metadata.status === 'failed',
    otherSide: incoming ? metadata.sentFrom : metadata.sentTo,
    amounts: transfers.slice(0, 2).map(signedAmount),
    ...(image ? { imageUrl: image } : {}),
    ...(nft ? { nftName: nft.name } : {}),
  };
}
