import { formatUnits, getAddress } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import type { Network } from '../catalogue/networks.ts';
import type { Db } from '../db/database.ts';
import type { TransfersTable } from '../db/schema.ts';
import { nftItemKey, nftMetadata, type NftMetadata } from '../tokens/nftMetadata.ts';
import { encodeCursor, type HistoryPosition } from './historyCursor.ts';
import type { IconUrls } from './iconUrls.ts';
import { operationType } from './operationType.ts';
import type { HistoryPage, HistoryTransaction } from '@cairn/core';

// SPEC §3 "Transaction (history)": the wire shape is core's, shared with the widget that reads it.
export type { HistoryPage, HistoryTransaction, HistoryTransfer } from '@cairn/core';

export type HistoryContext = {
  db: Db;
  chains: Map<number, ChainContext>;
  networks: Map<string, Network>;
  icons: IconUrls;
  isSpam: (chainId: number, contract: string) => boolean;
};

/** At most this many of the account's transfers are listed per transaction (the first, by log index). */
export const HISTORY_TRANSFERS_PER_TRANSACTION = 50;
/**
 * A page ends before the transaction that would take its transfers past this (a page has at least
 * one transaction); `next` continues from there. So a page loads at most this many transfers, NFT
 * items and token contracts, whatever spam the account received.
 */
export const HISTORY_TRANSFERS_PER_PAGE = 500;
/** Keys per lookup (`in (...)`, NFT items): far below SQLite's expression depth and both databases' parameter limits. */
const LOOKUP_CHUNK = 100;
/** Transactions whose transfers are read at once, before checking the page's budget. */
const TRANSACTIONS_PER_READ = 10;

type PageRow = { chain_id: number; hash: string; block_number: number; tx_index: number; from_address: string; to_address: string | null; created_address: string | null; status: number; nonce: number; selector: string | null; timestamp: number };

/**
 * One page of an account's transactions on the given chains, newest first: every transaction the
 * account sent, was sent, or took part in through a token transfer, with the transfers that
 * involve it. `next` is the cursor of the following page, null on the last.
 */
export async function getHistory(
  context: HistoryContext,
  account: string,
  chainIds: readonly number[],
  after: HistoryPosition | undefined,
  limit: number,
): Promise<HistoryPage> {
  const { db } = context;
  const owner = account.toLowerCase();
  if (chainIds.length === 0) return { data: [], next: null };
  let query = db
    .selectFrom('account_transactions as at')
    .innerJoin('transactions as t', (join) => join.onRef('t.chain_id', '=', 'at.chain_id').onRef('t.hash', '=', 'at.tx_hash'))
    .select([
      't.chain_id', 't.hash', 't.block_number', 't.tx_index', 't.from_address', 't.to_address', 't.created_address',
      't.status', 't.nonce', 't.selector', 't.timestamp',
    ])
    .where('at.address', '=', owner)
    .where('at.chain_id', 'in', chainIds);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('at.timestamp', 'at.chain_id', 'at.block_number', 'at.tx_index'), '<', eb.tuple(after.timestamp, after.chainId, after.blockNumber, after.txIndex)),
    );
  }
  const rows = await query
    .orderBy('at.timestamp', 'desc')
    .orderBy('at.chain_id', 'desc')
    .orderBy('at.block_number', 'desc')
    .orderBy('at.tx_index', 'desc')
    .limit(limit + 1)
    .execute();
  const candidates: PageRow[] = rows
    .slice(0, limit)
    .map((row) => ({ ...row, chain_id: Number(row.chain_id), block_number: Number(row.block_number), tx_index: Number(row.tx_index), timestamp: Number(row.timestamp), status: Number(row.status), nonce: Number(row.nonce) }));
  const { page, byTx } = await fillPage(db, owner, candidates);
  const last = page.at(-1);
  const more = rows.length > limit || page.length < candidates.length;
  const next = more && last ? encodeCursor({ timestamp: last.timestamp, chainId: last.chain_id, blockNumber: last.block_number, txIndex: last.tx_index }) : null;
  if (page.length === 0) return { data: [], next };

  const transfers = [...byTx.values()].flat();
  const tokens = await tokensByKey(db, transfers);
  const nftItems = transfers
    .filter((transfer) => transfer.standard === 'erc721' && !context.isSpam(transfer.chain_id, transfer.contract!))
    .map((transfer) => ({ chainId: transfer.chain_id, contract: transfer.contract!, tokenId: transfer.token_id! }));
  const nfts = new Map<string, NftMetadata>();
  for (const chunk of chunks(uniqueBy(nftItems, nftItemKey), LOOKUP_CHUNK)) {
    for (const [key, metadata] of await nftMetadata(db, (chainId) => context.chains.get(chainId)?.rpc, chunk)) nfts.set(key, metadata);
  }

  const data = page.map((row): HistoryTransaction => {
    const caip2 = `eip155:${row.chain_id}`;
    const mine = byTx.get(`${row.chain_id}:${row.hash}`) ?? [];
    return {
      id: `${caip2}:${row.hash}`,
      metadata: {
        operationType: operationType(owner, row, mine),
        hash: row.hash,
        minedAt: new Date(row.timestamp * 1000).toISOString(),
        chain: caip2,
        status: row.status === 1 ? 'confirmed' : 'failed',
        sentFrom: getAddress(row.from_address),
        sentTo: getAddress(row.to_address ?? row.created_address ?? row.from_address),
        nonce: row.nonce,
      },
      transfers: mine.map((transfer) => {
        const direction = transfer.from_address === owner ? (transfer.to_address === owner ? 'self' : 'out') : 'in';
        // The real counterparty: the Transfer log's from and to (a token send's transaction goes to the token contract).
        const sides = { sender: getAddress(transfer.from_address), recipient: getAddress(transfer.to_address) };
        if (transfer.standard === 'native') {
          const native = context.networks.get(caip2)?.nativeCurrency ?? { name: 'Native coin', symbol: 'ETH', decimals: 18 };
          return {
            fungible_info: { name: native.name, symbol: native.symbol, icon: { url: context.icons.native(caip2) }, decimals: native.decimals },
            direction,
            quantity: { numeric: formatUnits(BigInt(transfer.amount), native.decimals) },
            ...sides,
          };
        }
        const token = tokens.get(`${row.chain_id}:${transfer.contract}`);
        const contract = `${caip2}:${getAddress(transfer.contract!)}`;
        if (transfer.standard === 'erc721') {
          const metadata = nfts.get(nftItemKey({ chainId: row.chain_id, contract: transfer.contract!, tokenId: transfer.token_id! }));
          const preview = metadata?.imageUrl ? { url: metadata.imageUrl } : undefined;
          return {
            nft_info: {
              name: metadata?.name ?? `${token?.name ?? 'NFT'} #${transfer.token_id}`,
              contract,
              token_id: transfer.token_id!,
              content: preview ? { preview, detail: preview } : {},
              flags: { is_spam: context.isSpam(row.chain_id, transfer.contract!) },
            },
            direction,
            quantity: { numeric: '1' },
            ...sides,
          };
        }
        return {
          fungible_info: {
            name: token?.name ?? token?.symbol ?? 'Unknown token',
            symbol: token?.symbol ?? '',
            icon: { url: context.icons.token(row.chain_id, transfer.contract!) },
            address: contract,
            ...(token?.decimals != null ? { decimals: token.decimals } : {}),
          },
          direction,
          quantity: { numeric: formatUnits(BigInt(transfer.amount), token?.decimals ?? 0) },
          ...sides,
        };
      }),
    };
  });
  return { data, next };
}

/**
 * The account's transfers in each candidate transaction (at most HISTORY_TRANSFERS_PER_TRANSACTION
 * each: one lookup by the transfers' key, chain and hash, so a transaction with thousands of
 * transfers costs what one with fifty does), and the candidates that fit the page's budget of
 * HISTORY_TRANSFERS_PER_PAGE. Reads a few transactions at a time and stops once the budget is spent.
 */
async function fillPage(db: Db, owner: string, candidates: readonly PageRow[]): Promise<{ page: PageRow[]; byTx: Map<string, TransfersTable[]> }> {
  const page: PageRow[] = [];
  const byTx = new Map<string, TransfersTable[]>();
  let loaded = 0;
  for (const group of chunks(candidates, TRANSACTIONS_PER_READ)) {
    const transfers = await Promise.all(group.map((row) => accountTransfers(db, owner, row)));
    for (const [index, row] of group.entries()) {
      const mine = transfers[index]!;
      if (page.length > 0 && loaded + mine.length > HISTORY_TRANSFERS_PER_PAGE) return { page, byTx };
      page.push(row);
      byTx.set(`${row.chain_id}:${row.hash}`, mine);
      loaded += mine.length;
    }
  }
  return { page, byTx };
}

async function accountTransfers(db: Db, owner: string, row: PageRow): Promise<TransfersTable[]> {
  const transfers = await db
    .selectFrom('transfers')
    .selectAll()
    .where('chain_id', '=', row.chain_id)
    .where('tx_hash', '=', row.hash)
    .where((eb) => eb.or([eb('from_address', '=', owner), eb('to_address', '=', owner)]))
    .orderBy('log_index')
    .limit(HISTORY_TRANSFERS_PER_TRANSACTION)
    .execute();
  return transfers.map((transfer) => ({ ...transfer, chain_id: Number(transfer.chain_id) }));
}

type TokenRow = { chain_id: number; address: string; name: string | null; symbol: string | null; decimals: number | null };

/** The token rows of the transfers' contracts, keyed `chainId:address`, looked up per chain in chunks. */
async function tokensByKey(db: Db, transfers: readonly TransfersTable[]): Promise<Map<string, TokenRow>> {
  const byChain = new Map<number, Set<string>>();
  for (const { chain_id: chainId, contract } of transfers) {
    if (contract) byChain.set(chainId, (byChain.get(chainId) ?? new Set()).add(contract));
  }
  const tokens = new Map<string, TokenRow>();
  for (const [chainId, contracts] of byChain) {
    for (const chunk of chunks([...contracts], LOOKUP_CHUNK)) {
      const rows = await db.selectFrom('tokens').select(['chain_id', 'address', 'name', 'symbol', 'decimals']).where('chain_id', '=', chainId).where('address', 'in', chunk).execute();
      for (const token of rows) tokens.set(`${chainId}:${token.address}`, { ...token, chain_id: chainId });
    }
  }
  return tokens;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}
