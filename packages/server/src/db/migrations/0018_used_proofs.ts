import type { Kysely } from 'kysely';

// Session 24: a wallet-key proof that may be used once (sign-out-others) is kept, by the hash of the
// message it signs, until it could no longer pass the proof window anyway; a second use is refused.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_proofs')
    .addColumn('proof_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_proofs_expires').on('used_proofs').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_proofs').execute();
}
