import { sql, type Kysely } from 'kysely';

// Session 17: a Farcaster login is finished only by the frame that opened the channel. The channel's
// link (its token in the query) reaches the site's page as a QR code, so the token alone must not
// be enough: the frame sends a SHA-256 hash of a secret it keeps when it opens the channel, and
// shows the secret when it completes. A channel opened before this has no hash and could never be
// completed: the few of them (they live five minutes) are dropped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from farcaster_channels`.execute(db);
  await db.schema.alterTable('farcaster_channels').addColumn('completion_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('farcaster_channels').dropColumn('completion_hash').execute();
}
