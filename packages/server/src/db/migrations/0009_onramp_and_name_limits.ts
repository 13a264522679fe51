import type { Kysely } from 'kysely';

// Issue 22, items 6 and 8: caps on onramp payouts and name registrations, counted per UTC day
// in the database so every server copy sees the same counts; single-use nonces for name
// registrations; and each name's signed registration time (a registration must be newer than
// the address's last). Times are ms since the epoch, `signed_at` seconds as signed.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per (what is capped, whose, which day), e.g. ('onramp-address', '0xab…', 20433).
  await db.schema
    .createTable('daily_counts')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_counts_pk', ['scope', 'key', 'day'])
    .execute();
  await db.schema.createIndex('daily_counts_day').on('daily_counts').column('day').execute();

  await db.schema
    .createTable('name_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('name_nonces_expires').on('name_nonces').column('expires_at').execute();

  // null for names registered before: their `created_at` stands for it.
  await db.schema.alterTable('names').addColumn('signed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('names').dropColumn('signed_at').execute();
  await db.schema.dropTable('name_nonces').execute();
  await db.schema.dropTable('daily_counts').execute();
}
