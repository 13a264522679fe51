import type { Kysely } from 'kysely';
import { createEmailCodes } from './0005_embedded_login.ts';

// Issue 22, items 5 and 16. E-mail codes belong to the attempt that asked for them (several may be
// live for one address, so a stranger's requests never replace the owner's code, and wrong guesses
// count per attempt); SPEC §5's 30 s is kept per requester; the former one-row-per-address table,
// with its hard hourly cap, goes (its codes were good for 10 minutes: nothing is lost). Recovery
// releases are counted per wallet, in the database so every server copy agrees.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_codes').execute();

  await db.schema
    .createTable('email_attempts')
    .addColumn('attempt_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('proof_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text')
    .addColumn('next_email', 'text')
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The address's codes of the last hour (the price of the next) and its live attempts.
  await db.schema.createIndex('email_attempts_email').on('email_attempts').columns(['email', 'sent_at']).execute();
  await db.schema.createIndex('email_attempts_sent').on('email_attempts').column('sent_at').execute();

  await db.schema
    .createTable('email_code_cooldowns')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('requester', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_code_cooldowns_pk', ['purpose', 'email', 'requester'])
    .execute();
  await db.schema.createIndex('email_code_cooldowns_sent').on('email_code_cooldowns').column('sent_at').execute();

  await db.schema.alterTable('login_wallets').addColumn('recovery_window_start', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('login_wallets').addColumn('recovery_releases', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_wallets').dropColumn('recovery_releases').execute();
  await db.schema.alterTable('login_wallets').dropColumn('recovery_window_start').execute();
  await db.schema.dropTable('email_code_cooldowns').execute();
  await db.schema.dropTable('email_attempts').execute();
  await createEmailCodes(db);
}
