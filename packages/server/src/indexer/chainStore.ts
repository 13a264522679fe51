import { sql, type Transaction } from 'kysely';
import { isPostgres, type Db } from '../db/database.ts';
import type { Database, TokensTable } from '../db/schema.ts';
import type { BlockRows } from './extractBlockData.ts';

export type StoredTip = { number: number; hash: string } | null;

/** The highest stored block of a chain. */
export async function storedTip(db: Db | Transaction<Database>, chainId: number): Promise<StoredTip> {
  const row = await db
    .selectFrom('blocks')
    .select(['number', 'hash'])
    .where('chain_id', '=', chainId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { number: Number(row.number), hash: row.hash } : null;
}

/** The lowest stored block of a chain (null when none). */
export async function lowestStoredBlock(db: Db, chainId: number): Promise<number | null> {
  const row = await db.selectFrom('blocks').select('number').where('chain_id', '=', chainId).orderBy('number', 'asc').limit(1).executeTakeFirst();
  return row ? Number(row.number) : null;
}

export async function storedHashes(db: Db, chainId: number, from: number, to: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('blocks')
    .select(['number', 'hash'])
    .where('chain_id', '=', chainId)
    .where('number', '>=', from)
    .where('number', '<=', to)
    .execute();
  return new Map(rows.map((row) => [Number(row.number), row.hash]));
}

/** Serializes writers of one chain's blocks: several server copies may share one PostgreSQL. */
async function lockChain(trx: Transaction<Database>, db: Db, chainId: number): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`cairn-indexer:${chainId}`}))`.execute(trx);
}

const sameTip = (a: StoredTip, b: StoredTip) => (a === null ? b === null : b !== null && a.number === b.number && a.hash === b.hash);

/** Rows per INSERT, well under SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_CHUNK = 500;

async function insertAll<T extends keyof Database & string>(trx: Transaction<Database>, table: T, rows: readonly Database[T][]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    // The rows' type is exactly the table's; Kysely cannot see that through the generic T.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + INSERT_CHUNK) as never)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/**
 * Appends blocks on top of `expectedTip` in one transaction. Returns false, storing nothing, when
 * the stored tip is no longer `expectedTip` (another server copy got there first, or a reorg was
 * handled meanwhile): the caller re-reads and re-plans, so there is never a gap or a duplicate.
 */
export async function appendBlocks(db: Db, chainId: number, expectedTip: StoredTip, rows: BlockRows, tokens: readonly TokensTable[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx, db, chainId);
    if (!sameTip(await storedTip(trx, chainId), expectedTip)) return false;
    await insertAll(trx, 'blocks', rows.blocks);
    await insertAll(trx, 'transactions', rows.transactions);
    await insertAll(trx, 'transfers', rows.transfers);
    await insertAll(trx, 'account_transactions', rows.accountTransactions);
    await insertAll(trx, 'tokens', tokens);
    return true;
  });
}

/**
 * Drops every stored block above `ancestor` (null: all of the chain's blocks) and what they held,
 * in one transaction, provided the stored tip is still `expectedTip` (what the caller compared with
 * the chain). Returns the number of blocks dropped, or null when the tip moved meanwhile (another
 * server copy appended or rewound): nothing is dropped and the caller re-plans.
 */
export async function dropBlocksAbove(db: Db, chainId: number, ancestor: number | null, expectedTip: StoredTip): Promise<number | null> {
  const above = ancestor ?? -1;
  return db.transaction().execute(async (trx) => {
    await lockChain(trx, db, chainId);
    if (!sameTip(await storedTip(trx, chainId), expectedTip)) return null;
    await trx.deleteFrom('account_transactions').where('chain_id', '=', chainId).where('block_number', '>', above).execute();
    await trx.deleteFrom('transfers').where('chain_id', '=', chainId).where('block_number', '>', above).execute();
    await trx.deleteFrom('transactions').where('chain_id', '=', chainId).where('block_number', '>', above).execute();
    const result = await trx.deleteFrom('blocks').where('chain_id', '=', chainId).where('number', '>', above).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Keys per `in (...)` lookup: one batch may bring thousands of token contracts (spam). */
const LOOKUP_CHUNK = 500;

export async function knownTokens(db: Db, chainId: number, addresses: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < addresses.length; start += LOOKUP_CHUNK) {
    const chunk = addresses.slice(start, start + LOOKUP_CHUNK);
    const rows = await db.selectFrom('tokens').select('address').where('chain_id', '=', chainId).where('address', 'in', chunk).execute();
    for (const row of rows) known.add(row.address);
  }
  return known;
}
