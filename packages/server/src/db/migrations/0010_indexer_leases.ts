import type { Kysely } from 'kysely';

// Issue 25: one replica at a time indexes a chain. It holds the chain's lease row until
// `expires_at` (ms since the epoch) and renews it every round; another replica takes an expired one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('indexer_leases')
    .addColumn('chain_id', 'bigint', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('indexer_leases').execute();
}
