import type { Kysely } from 'kysely';

// Sign-in with a wallet (EIP-4361): the nonces this server issued, and the sessions it keeps.
// Times are milliseconds since the epoch ('bigint': INTEGER in SQLite, int8 in PostgreSQL).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_nonces_expires').on('auth_nonces').column('expires_at').execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('uri', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expiration_time', 'bigint', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_sessions_address').on('auth_sessions').columns(['address', 'expiration_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_sessions').execute();
  await db.schema.dropTable('auth_nonces').execute();
}
