import { sql, type Kysely } from 'kysely';

// Issue 22, item 1: a social login finishes only in the frame, and the browser, that started it.
// The provider's redirect no longer finishes anything: the frame presents the code with its flow
// secret, and the login is handed out in that answer. So a flow keeps the origin of the frame that
// started it (the callback page posts the code to that origin only) and, where the browser keeps a
// same-site cookie, the hash of the browser key it must show again; the finished user and error it
// kept for a later collect are gone. Flows live 10 minutes: the ones of the old protocol are dropped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from social_flows`.execute(db);
  await db.schema.alterTable('social_flows').dropColumn('user_id').execute();
  await db.schema.alterTable('social_flows').dropColumn('error').execute();
  await db.schema.alterTable('social_flows').addColumn('frame_origin', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('social_flows').addColumn('browser_key_hash', 'text').execute();
  await db.schema.alterTable('social_flows').addColumn('browser_bound_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from social_flows`.execute(db);
  await db.schema.alterTable('social_flows').dropColumn('browser_bound_at').execute();
  await db.schema.alterTable('social_flows').dropColumn('browser_key_hash').execute();
  await db.schema.alterTable('social_flows').dropColumn('frame_origin').execute();
  await db.schema.alterTable('social_flows').addColumn('user_id', 'text').execute();
  await db.schema.alterTable('social_flows').addColumn('error', 'text').execute();
}
