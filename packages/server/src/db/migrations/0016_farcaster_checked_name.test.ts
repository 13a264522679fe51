import { Kysely, Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { createDialect } from '../database.ts';
import { migrations } from './index.ts';

const channel = { token_hash: 'a'.repeat(64), nonce: 'abcdefgh12345678', request: '{}', answer: null, expires_at: Date.now() + 60_000, completion_hash: 'h'.repeat(43) };

describe.each(await testDatabaseKinds())('migration 0016 (a Farcaster channel keeps the name the server checked) on $name', ({ name, skip }) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it.skipIf(skip)('keeps open channels, stores a checked name, and goes back down', async () => {
    database = await createTestDatabase(name);
    const db = new Kysely<{ farcaster_channels: Record<string, unknown> }>({ dialect: createDialect(database.config) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0015_device_requests_by_code')).error).toBeUndefined();
      await db.insertInto('farcaster_channels').values(channel).execute();
      expect((await migrator.migrateTo('0016_farcaster_checked_name')).error).toBeUndefined();
      expect(await db.selectFrom('farcaster_channels').select(['nonce', 'checked']).execute()).toEqual([{ nonce: channel.nonce, checked: null }]);
      await db.updateTable('farcaster_channels').set({ checked: '{"fid":1}' }).execute();
      expect((await db.selectFrom('farcaster_channels').select('checked').executeTakeFirstOrThrow()).checked).toBe('{"fid":1}');
      expect((await migrator.migrateTo('0015_device_requests_by_code')).error).toBeUndefined();
      expect(Object.keys(await db.selectFrom('farcaster_channels').selectAll().executeTakeFirstOrThrow())).not.toContain('checked');
    } finally {
      await db.destroy();
    }
  });
});
