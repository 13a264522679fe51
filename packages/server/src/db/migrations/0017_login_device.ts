import type { Kysely } from 'kysely';

// Session 22: a login names the device that opened the wallet with it (its share released to that
// device's key, the wallet made there, or the device enrolled by its recovery factor), so removing
// the device ends its logins: a frame still open on it then learns, at its next signature, that it
// was removed, and forgets the key. Logins made before this name no device (null): removing a
// device does not end them, and that frame's next open finds its device gone, as before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_sessions').addColumn('device_id', 'text').execute();
  await db.schema.createIndex('login_sessions_device').on('login_sessions').column('device_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_sessions_device').execute();
  await db.schema.alterTable('login_sessions').dropColumn('device_id').execute();
}
