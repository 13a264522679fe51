import { sql, type Kysely } from 'kysely';

// Session 21: a device with the wallet open finds a new device's request by the pairing code the
// person types from the new device's screen; no device lists the account's requests any more. So
// each request names the login that made it (bounded per login, not per account, which a taken
// mailbox could fill) and the SHA-256 of its code (the code is derived from the row, so the hash
// only indexes it); each login counts its wrong codes. Requests made before this name no login and
// could never be found: the few of them (they live ten minutes) are dropped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from login_device_requests`.execute(db);
  await db.schema.alterTable('login_device_requests').addColumn('login_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('login_device_requests').addColumn('code_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('login_device_requests_code').on('login_device_requests').columns(['user_id', 'code_hash']).execute();
  await db.schema.createIndex('login_device_requests_login').on('login_device_requests').column('login_hash').execute();
  await db.schema.alterTable('login_sessions').addColumn('code_tries', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('login_sessions').addColumn('code_tries_start', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_sessions').dropColumn('code_tries_start').execute();
  await db.schema.alterTable('login_sessions').dropColumn('code_tries').execute();
  await db.schema.dropIndex('login_device_requests_login').execute();
  await db.schema.dropIndex('login_device_requests_code').execute();
  await db.schema.alterTable('login_device_requests').dropColumn('code_hash').execute();
  await db.schema.alterTable('login_device_requests').dropColumn('login_hash').execute();
}
