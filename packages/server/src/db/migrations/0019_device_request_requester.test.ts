import { Kysely, Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { createDialect } from '../database.ts';
import { migrations } from './index.ts';

const waiting = { id: 'r1', user_id: 'u1', device_id: 'd1', device_public_key: 'k', exchange_key: 'x', created_at: Date.now(), sealed_share: null, login_hash: 'l1', code_hash: 'c1' };

describe.each(await testDatabaseKinds())("migration 0019 (a new device's request keeps what it says of its requester) on $name", ({ name, skip }) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it.skipIf(skip)('drops the requests waiting before it (they know no requester), keeps the new columns, and goes back down', async () => {
    database = await createTestDatabase(name);
    const db = new Kysely<{ login_device_requests: Record<string, unknown> }>({ dialect: createDialect(database.config) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0018_used_proofs')).error).toBeUndefined();
      await db.insertInto('login_device_requests').values(waiting).execute();

      expect((await migrator.migrateTo('0019_device_request_requester')).error).toBeUndefined();
      expect(await db.selectFrom('login_device_requests').selectAll().execute()).toEqual([]);
      await db.insertInto('login_device_requests').values({ ...waiting, requester_browser: 'Chrome', requester_system: null, requester_network: 'n1' }).execute();
      expect(await db.selectFrom('login_device_requests').select(['requester_browser', 'requester_system', 'requester_network']).executeTakeFirstOrThrow()).toEqual({ requester_browser: 'Chrome', requester_system: null, requester_network: 'n1' });

      expect((await migrator.migrateTo('0018_used_proofs')).error).toBeUndefined();
      expect(Object.keys(await db.selectFrom('login_device_requests').selectAll().executeTakeFirstOrThrow())).not.toContain('requester_network');
    } finally {
      await db.destroy();
    }
  });
});
