import type { Kysely } from 'kysely';

// Issue 16: purchases through the onramp provider, for the history's onramp view. Amounts as
// decimal strings (wei, and money as typed); times in ms since the epoch.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onramp_purchases')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('sent_from', 'text', (c) => c.notNull())
    .addColumn('fiat_amount', 'text', (c) => c.notNull())
    .addColumn('fiat_currency', 'text', (c) => c.notNull())
    .addColumn('crypto_amount', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('onramp_purchases_address').on('onramp_purchases').columns(['address', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onramp_purchases').execute();
}
