import type { Kysely } from 'kysely';

// Issue 12: a nonce counts the signatures that failed against it (past a few it is burnt, so one
// nonce cannot be used to try signatures, and node calls, without end); expired sessions are
// swept by their expiration time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_nonces').addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('auth_sessions_expiration').on('auth_sessions').column('expiration_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_sessions_expiration').execute();
  await db.schema.alterTable('auth_nonces').dropColumn('failed_attempts').execute();
}
