import type { Kysely } from 'kysely';

// Issue 27: Sign In With Farcaster's relay channels (FIP-11's connect API). A channel lives a few
// minutes: the app's request (domain, URI, nonce), then the wallet app's signed answer. Its token is
// kept only as a keyed hash; the row is deleted once a login used it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('farcaster_channels')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('farcaster_channels_expires').on('farcaster_channels').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('farcaster_channels').execute();
}
