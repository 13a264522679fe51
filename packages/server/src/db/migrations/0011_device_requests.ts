import type { Kysely } from 'kysely';

// Issue 27: a new device asks to open the wallet; a device that has it open approves. The row holds
// the new device's public keys, then (approved) its device share sealed to its exchange key and
// readable by that device only: the server never holds a share it could use.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_device_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_public_key', 'text', (c) => c.notNull())
    .addColumn('exchange_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sealed_share', 'text')
    .execute();
  await db.schema.createIndex('login_device_requests_user').on('login_device_requests').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_device_requests').execute();
}
