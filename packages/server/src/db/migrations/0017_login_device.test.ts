import { Kysely, Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { createDialect } from '../database.ts';
import { migrations } from './index.ts';

const login = { token_hash: 'h'.repeat(43), user_id: 'u1', provider: 'email', created_at: 1, expires_at: Date.now() + 60_000, revoked_at: null };

describe.each(await testDatabaseKinds())('migration 0017 (a login names the device that opened the wallet) on $name', ({ name, skip }) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it.skipIf(skip)('keeps the logins made before it, naming no device, and goes back down', async () => {
    database = await createTestDatabase(name);
    const db = new Kysely<{ login_sessions: Record<string, unknown> }>({ dialect: createDialect(database.config) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0015_device_requests_by_code')).error).toBeUndefined();
      await db.insertInto('login_sessions').values(login).execute();

      expect((await migrator.migrateTo('0017_login_device')).error).toBeUndefined();
      expect((await db.selectFrom('login_sessions').select(['token_hash', 'device_id']).executeTakeFirstOrThrow())).toEqual({ token_hash: login.token_hash, device_id: null });
      await db.updateTable('login_sessions').set({ device_id: 'd1' }).execute();
      expect((await db.selectFrom('login_sessions').select('device_id').where('device_id', '=', 'd1').executeTakeFirstOrThrow()).device_id).toBe('d1');

      expect((await migrator.migrateTo('0015_device_requests_by_code')).error).toBeUndefined();
      expect(Object.keys(await db.selectFrom('login_sessions').selectAll().executeTakeFirstOrThrow())).not.toContain('device_id');
    } finally {
      await db.destroy();
    }
  });
});
