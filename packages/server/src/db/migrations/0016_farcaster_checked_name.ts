import type { Kysely } from 'kysely';

// Session 22: a Farcaster login is completed only after the frame showed the visitor the fid's name
// from the name registry and the visitor confirmed it. The channel keeps what the server checked
// (the fid and its verified name, JSON) between the check and the visitor's answer; nothing before
// this had that step, so old channels need nothing.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('farcaster_channels').addColumn('checked', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('farcaster_channels').dropColumn('checked').execute();
}
