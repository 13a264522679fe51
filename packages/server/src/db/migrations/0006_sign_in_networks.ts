import { sql, type Kysely } from 'kysely';

// Issue 15: sign-in beyond EVM. A session's chain is a CAIP-2 id as text (`eip155:1`,
// `solana:localnet`); the numbers kept before are eip155 chain ids and become `eip155:<n>`, so
// their sessions go on working. The same statements on SQLite (3.35+) and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_sessions').addColumn('caip_network_id', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update auth_sessions set caip_network_id = 'eip155:' || cast(chain_id as text)`.execute(db);
  await db.schema.alterTable('auth_sessions').dropColumn('chain_id').execute();
  await db.schema.alterTable('auth_sessions').renameColumn('caip_network_id', 'chain_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A number cannot hold another namespace's chain: those sessions end.
  await sql`delete from auth_sessions where chain_id not like 'eip155:%'`.execute(db);
  await db.schema.alterTable('auth_sessions').addColumn('numeric_chain_id', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update auth_sessions set numeric_chain_id = cast(substr(chain_id, 8) as bigint)`.execute(db);
  await db.schema.alterTable('auth_sessions').dropColumn('chain_id').execute();
  await db.schema.alterTable('auth_sessions').renameColumn('numeric_chain_id', 'chain_id').execute();
}
