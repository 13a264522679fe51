import type { Kysely } from 'kysely';

// Issue 14: log-in without a wallet (e-mail one-time codes, later social providers) and the
// embedded wallet's server-held shares. Codes and tokens are kept only as keyed hashes; times are
// ms since the epoch.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // A user is found by (provider, subject): for e-mail the normalised address, for a social
  // provider its own subject id. Never linked across providers on an unverified e-mail.
  await db.schema
    .createTable('login_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('login_identities_user').on('login_identities').column('user_id').execute();

  await createEmailCodes(db);

  await db.schema
    .createTable('login_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('login_sessions_user').on('login_sessions').columns(['user_id', 'expires_at']).execute();

  // The embedded wallet's server side: what the server holds can never sign on its own (see
  // packages/frame/README.md). Shares and the recovery blob are opaque to the server.
  await db.schema
    .createTable('login_wallets')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('recovery_auth_share', 'text', (c) => c.notNull())
    .addColumn('recovery_blob', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('login_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('auth_share', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('login_devices_user').on('login_devices').column('user_id').execute();
  // One live challenge per device: asking again replaces it, so the rows stay bounded.
  await db.schema
    .createTable('device_challenges')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  // A social login in progress: `state` finds it from the provider's redirect, the secret's hash
  // lets only the page that started it collect the login.
  await db.schema
    .createTable('social_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().unique())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('error', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_flows_expires').on('social_flows').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_flows').execute();
  await db.schema.dropTable('device_challenges').execute();
  await db.schema.dropTable('login_devices').execute();
  await db.schema.dropTable('login_wallets').execute();
  await db.schema.dropTable('login_sessions').execute();
  await db.schema.dropTable('email_codes').execute();
  await db.schema.dropTable('login_identities').execute();
  await db.schema.dropTable('login_users').execute();
}

// One live code per (purpose, address): a resend replaces it. `window_*` count the codes sent to
// the address in the current hour (the per-address limit). 0008 replaced it; its down() makes it again.
export async function createEmailCodes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_codes')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('next_email', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('window_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_codes_pk', ['purpose', 'email'])
    .execute();
  await db.schema.createIndex('email_codes_expires').on('email_codes').column('expires_at').execute();
}
