import type { HistoryTransaction } from '../api/historyApi.ts';
import type { CaipNetworkId } from '../types.ts';

/**
 * SPEC §5: an entry whose transfers are all spam-flagged NFTs is dropped, and only the connected
 * chain's entries are kept.
 */
export function filterTransactions(transactions: readonly HistoryTransaction[], chain: CaipNetworkId): HistoryTransaction[] {
  return transactions.filter((transaction) => {
    if (transaction.metadata.chain !== chain) return false;
    const { transfers } = transaction;
    return transfers.length === 0 || !transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true);
  });
}

/**
 * SPEC §3: the onramp's purchases shown beside the chain's transactions, newest first. A purchase
 * stands for the chain transaction that paid it (same hash): one row, which says what was bought
 * and through whom.
 */
export function withPurchases(transactions: readonly HistoryTransaction[], purchases: readonly HistoryTransaction[]): HistoryTransaction[] {
  const paid = new Set(purchases.map((purchase) => purchase.metadata.hash.toLowerCase()));
  const time = (entry: HistoryTransaction) => Date.parse(entry.metadata.minedAt);
  return [...transactions.filter((transaction) => !paid.has(transaction.metadata.hash.toLowerCase())), ...purchases].sort((a, b) => time(b) - time(a));
}

/** SPEC §3 transactionsByYear: year → month (0–11) → entries, in the order given (newest first). */
export type TransactionsByYear = Record<number, Record<number, HistoryTransaction[]>>;

export function groupTransactionsByYear(transactions: readonly HistoryTransaction[]): TransactionsByYear {
  const byYear: TransactionsByYear = {};
  for (const transaction of transactions) {
    const minedAt = new Date(transaction.metadata.minedAt);
    const months = (byYear[minedAt.getFullYear()] ??= {});
    (months[minedAt.getMonth()] ??= []).push(transaction);
  }
  return byYear;
}

export interface MonthSection {
  /** `2026-10` (month 0–11): stable across renders. */
  key: string;
  /** SPEC §2: the month name alone in the current year, month and year otherwise. */
  heading: string;
  transactions: HistoryTransaction[];
}

/** The Activity list's month headings, newest first, in the visitor's locale. */
export function monthSections(byYear: TransactionsByYear, now: Date, locale?: string): MonthSection[] {
  const monthOnly = new Intl.DateTimeFormat(locale, { month: 'long' });
  const monthAndYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const sections: MonthSection[] = [];
  for (const year of Object.keys(byYear).map(Number).sort((a, b) => b - a)) {
    const months = byYear[year]!;
    for (const month of Object.keys(months).map(Number).sort((a, b) => b - a)) {
      const date = new Date(year, month, 15);
      sections.push({
        key: `${year}-${month}`,
        heading: (year === now.getFullYear() ? monthOnly : monthAndYear).format(date),
        transactions: months[month]!,
      });
    }
  }
  return sections;
}
