import type { Kysely } from 'kysely';

// Issue 28: a purchase's status in Activity (SPEC §3 coinbaseTransactions: purchases "with their
// status"). A purchase is recorded when its payment is sent; it is pending until its transaction
// is mined, then confirmed or failed, with the block's time. Earlier rows start pending and are
// settled on their next read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onramp_purchases').addColumn('status', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('onramp_purchases').addColumn('mined_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onramp_purchases').dropColumn('mined_at').execute();
  await db.schema.alterTable('onramp_purchases').dropColumn('status').execute();
}
