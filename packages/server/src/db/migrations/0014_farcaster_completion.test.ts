import { Kysely, Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { createDialect } from '../database.ts';
import { migrations } from './index.ts';

const channel = { token_hash: 'a'.repeat(64), nonce: 'abcdefgh12345678', request: '{}', answer: null, expires_at: Date.now() + 60_000 };

describe.each(await testDatabaseKinds())('migration 0014 (a Farcaster channel keeps its frame’s completion hash) on $name', ({ name, skip }) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it.skipIf(skip)('drops the channels no frame can complete, keeps the hash of new ones, and goes back down', async () => {
    database = await createTestDatabase(name);
    const db = new Kysely<{ farcaster_channels: Record<string, unknown> }>({ dialect: createDialect(database.config) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0013_onramp_purchase_status')).error).toBeUndefined();
      await db.insertInto('farcaster_channels').values(channel).execute();

      expect((await migrator.migrateTo('0014_farcaster_completion')).error).toBeUndefined();
      expect(await db.selectFrom('farcaster_channels').selectAll().execute()).toEqual([]);
      await db.insertInto('farcaster_channels').values({ ...channel, completion_hash: 'h'.repeat(43) }).execute();
      expect((await db.selectFrom('farcaster_channels').select('completion_hash').executeTakeFirstOrThrow()).completion_hash).toBe('h'.repeat(43));

      expect((await migrator.migrateTo('0013_onramp_purchase_status')).error).toBeUndefined();
      expect(Object.keys(await db.selectFrom('farcaster_channels').selectAll().executeTakeFirstOrThrow())).not.toContain('completion_hash');
    } finally {
      await db.destroy();
    }
  });
});
