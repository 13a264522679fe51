import { sql, type Kysely } from 'kysely';

// Session 25: a new device's request keeps what the server can honestly say of the browser that
// made it, for the request's 10 minutes only: a browser family and system read from its User-Agent
// (names from closed lists, or none) and a keyed hash of its network (the rate limiter's client
// key, under LOGIN_SECRET), so the open device finding it by its code hears whether it asked from
// the same network, never an address. Waiting requests made before this (ten minutes' worth) know
// neither: they are dropped, their new devices ask again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from login_device_requests`.execute(db);
  await db.schema.alterTable('login_device_requests').addColumn('requester_browser', 'text').execute();
  await db.schema.alterTable('login_device_requests').addColumn('requester_system', 'text').execute();
  await db.schema.alterTable('login_device_requests').addColumn('requester_network', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_device_requests').dropColumn('requester_network').execute();
  await db.schema.alterTable('login_device_requests').dropColumn('requester_system').execute();
  await db.schema.alterTable('login_device_requests').dropColumn('requester_browser').execute();
}
