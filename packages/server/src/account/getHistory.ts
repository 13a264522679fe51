import { formatUnits, getAddress } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import type { Network } from '../catalogue/networks.ts';
import type { Db } from '../db/database.ts';
import type { TransfersTable } from '../db/schema.ts';
import { nftItemKey, nftMetadata } from '../tokens/nftMetadata.ts';
import { encodeCursor, type HistoryPosition } from './historyCursor.ts';
import type { IconUrls } from './iconUrls.ts';
import { operationType, type OperationType } from './operationType.ts';

/** SPEC §3 "Transaction (history)". */
export type HistoryTransaction = {
  id: string;
  metadata: {
    operationType: OperationType;
    hash: string;
    minedAt: string;
    chain: string;
    status: 'confirmed' | 'failed';
    sentFrom: string;
    sentTo: string;
    nonce: number;
  };
  transfers: HistoryTransfer[];
};

export type HistoryTransfer = {
  fungible_info?: { name: string; symbol: string; icon: { url: string }; address?: string };
  nft_info?: {
    name: string;
    contract: string;
    token_id: string;
    content: { preview?: { url: string }; detail?: { url: string } };
    flags: { is_spam: boolean };
  };
  direction: 'in' | 'out' | 'self';
  quantity: { numeric: string };
};

export type HistoryPage = { data: HistoryTransaction[]; next: string | null };

export type HistoryContext = {
  db: Db;
  chains: Map<number, ChainContext>;
  networks: Map<string, Network>;
  icons: IconUrls;
  isSpam: (chainId: number, contract: string) => boolean;
};

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
  const page = rows.slice(0, limit).map((row) => ({ ...row, chain_id: Number(row.chain_id), block_number: Number(row.block_number), timestamp: Number(row.timestamp) }));
  const last = page.at(-1);
  const next = rows.length > limit && last ? encodeCursor({ timestamp: last.timestamp, chainId: last.chain_id, blockNumber: last.block_number, txIndex: last.tx_index }) : null;
  if (page.length === 0) return { data: [], next };

  const transfers = await db
    .selectFrom('transfers')
    .selectAll()
    .where('chain_id', 'in', [...new Set(page.map((row) => row.chain_id))])
    .where('tx_hash', 'in', page.map((row) => row.hash))
    .orderBy('log_index')
    .execute();
  const byTx = new Map<string, TransfersTable[]>();
  for (const transfer of transfers) {
    const key = `${transfer.chain_id}:${transfer.tx_hash}`;
    byTx.set(key, [...(byTx.get(key) ?? []), { ...transfer, chain_id: Number(transfer.chain_id) }]);
  }

  const contracts = [...new Set(transfers.flatMap((transfer) => (transfer.contract ? [`${transfer.chain_id}:${transfer.contract}`] : [])))];
  const tokenRows = contracts.length === 0 ? [] : await db
    .selectFrom('tokens')
    .select(['chain_id', 'address', 'name', 'symbol', 'decimals'])
    .where((eb) => eb.or(contracts.map((key) => {
      const [chainId, address] = key.split(':');
      return eb.and([eb('chain_id', '=', Number(chainId)), eb('address', '=', address!)]);
    })))
    .execute();
  const tokens = new Map(tokenRows.map((token) => [`${token.chain_id}:${token.address}`, token]));

  const nftItems = transfers
    .filter((transfer) => transfer.standard === 'erc721' && (transfer.from_address === owner || transfer.to_address === owner))
    .filter((transfer) => !context.isSpam(Number(transfer.chain_id), transfer.contract!))
    .map((transfer) => ({ chainId: Number(transfer.chain_id), contract: transfer.contract!, tokenId: transfer.token_id! }));
  const nfts = await nftMetadata(db, (chainId) => context.chains.get(chainId)?.rpc, nftItems);

  const data = page.map((row): HistoryTransaction => {
    const caip2 = `eip155:${row.chain_id}`;
    const txTransfers = byTx.get(`${row.chain_id}:${row.hash}`) ?? [];
    const mine = txTransfers.filter((transfer) => transfer.from_address === owner || transfer.to_address === owner);
    return {
      id: `${caip2}:${row.hash}`,
      metadata: {
        operationType: operationType(owner, row, txTransfers),
        hash: row.hash,
        minedAt: new Date(row.timestamp * 1000).toISOString(),
        chain: caip2,
        status: Number(row.status) === 1 ? 'confirmed' : 'failed',
        sentFrom: getAddress(row.from_address),
        sentTo: getAddress(row.to_address ?? row.created_address ?? row.from_address),
        nonce: Number(row.nonce),
      },
      transfers: mine.map((transfer) => {
        const direction = transfer.from_address === owner ? (transfer.to_address === owner ? 'self' : 'out') : 'in';
        if (transfer.standard === 'native') {
          const native = context.networks.get(caip2)?.nativeCurrency ?? { name: 'Native coin', symbol: 'ETH', decimals: 18 };
          return {
            fungible_info: { name: native.name, symbol: native.symbol, icon: { url: context.icons.native(caip2) } },
            direction,
            quantity: { numeric: formatUnits(BigInt(transfer.amount), native.decimals) },
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
          };
        }
        return {
          fungible_info: {
            name: token?.name ?? token?.symbol ?? 'Unknown token',
            symbol: token?.symbol ?? '',
            icon: { url: context.icons.token(row.chain_id, transfer.contract!) },
            address: contract,
          },
          direction,
          quantity: { numeric: formatUnits(BigInt(transfer.amount), token?.decimals ?? 0) },
        };
      }),
    };
  });
  return { data, next };
}
