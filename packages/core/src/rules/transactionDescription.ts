import type { HistoryTransaction, HistoryTransfer, OperationType } from '../api/historyApi.ts';
import { activityAmount } from './activityAmount.ts';

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

/** What a purchase through the onramp is called in Activity (SPEC §3 coinbaseTransactions). */
export const PURCHASE_TITLES = { bought: 'Bought' } as const;

export interface TransactionAmount {
  /** As shown, signed, with the symbol: `-0.0123 ETH`, `+2.000 CAIRN`, `≈+1.12345678 TUSD`; an NFT by name. */
  text: string;
  /** Every digit: `-1.123456789123456789 TUSD` (for a hover and screen readers when `text` is cut). */
  exact: string;
  sign: '+' | '-' | '';
}

export interface TransactionDescription {
  title: string;
  failed: boolean;
  /** An onramp purchase whose payment is not mined yet. */
  pending: boolean;
  /** An onramp purchase: through which provider, and what was paid (`50.00 USD`), when the server told them. */
  purchase?: { provider: string; paid: string };
  /** Whether the other side paid the account (`from`) or was paid by it (`to`). */
  direction: 'from' | 'to';
  /** The address on the other side: who was paid, or who paid (the transfer's, not the token contract or router). */
  otherSide: string;
  /** A swap's two sides, by symbol: what was sold and what was bought. */
  swap?: { sold: string; bought: string };
  /** The amounts moved, up to two (a swap's both legs). */
  amounts: TransactionAmount[];
  /** The token's icon, or the NFT's preview. */
  imageUrl?: string;
  /** The NFT's name, for the preview's alternative text. */
  nftName?: string;
}

const symbolOf = (transfer: HistoryTransfer) => transfer.nft_info?.name ?? transfer.fungible_info?.symbol ?? '';

function signedAmount(transfer: HistoryTransfer): TransactionAmount {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : '';
  if (transfer.nft_info) return { text: `${sign}${transfer.nft_info.name}`, exact: `${sign}${transfer.nft_info.name}`, sign };
  const symbol = transfer.fungible_info?.symbol ? ` ${transfer.fungible_info.symbol}` : '';
  const { shown, exact } = activityAmount(transfer.quantity.numeric, transfer.fungible_info?.decimals);
  const approximate = shown.startsWith('≈');
  return { text: `${approximate ? '≈' : ''}${sign}${shown.replace('≈', '')}${symbol}`, exact: `${sign}${exact}${symbol}`, sign };
}

/** One Activity row, from SPEC §3's transaction, seen from the connected account. */
export function describeTransaction(transaction: HistoryTransaction): TransactionDescription {
  const { metadata, transfers } = transaction;
  const incoming = metadata.operationType === 'receive' || metadata.operationType === 'mint';
  const sold = transfers.find((transfer) => transfer.direction === 'out');
  const bought = transfers.find((transfer) => transfer.direction === 'in');
  // The counterparty of the transfer itself: a token send's transaction goes to the token contract.
  const otherSide = incoming
    ? (metadata.operationType === 'receive' ? bought?.sender : undefined) ?? metadata.sentFrom
    : (metadata.operationType === 'send' ? sold?.recipient : undefined) ?? metadata.sentTo;
  const swap = metadata.operationType === 'trade' && sold && bought ? { sold: symbolOf(sold), bought: symbolOf(bought) } : undefined;
  // A swap shows what was sold, then what was bought.
  const shown = swap ? [sold!, bought!] : transfers.slice(0, 2);
  const nft = transfers.find((transfer) => transfer.nft_info)?.nft_info;
  const image = nft?.content.preview?.url ?? shown[0]?.fungible_info?.icon.url;
  // The provider and what was paid come only to the address's signed-in visitor (issue 28).
  const { provider, paid } = transaction.purchase ?? {};
  return {
    title: transaction.purchase ? PURCHASE_TITLES.bought : TRANSACTION_TITLES[metadata.operationType],
    failed: metadata.status === 'failed',
    pending: metadata.status === 'pending',
    ...(provider !== undefined && paid ? { purchase: { provider, paid: `${paid.value} ${paid.currency}` } } : {}),
    direction: incoming ? 'from' : 'to',
    otherSide,
    ...(swap ? { swap } : {}),
    amounts: shown.map(signedAmount),
    ...(image ? { imageUrl: image } : {}),
    ...(nft ? { nftName: nft.name } : {}),
  };
}
