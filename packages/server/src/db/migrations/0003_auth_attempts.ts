import type { Kysely } from 'kysely';

// A nonce counts the signatures that failed against it: past a few, it is burnt (issue 12), so one
// nonce cannot be used to try signatures (and node calls) without end.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_nonces').addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_nonces').dropColumn('failed_attempts').execute();
}
