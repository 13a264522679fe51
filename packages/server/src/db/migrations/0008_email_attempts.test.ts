import { Kysely, Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { createDialect, openDatabase } from '../database.ts';
import { migrations } from './index.ts';

describe.each(await testDatabaseKinds())('migration 0008 (e-mail attempts, recovery releases) on $name', ({ name, skip }) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it.skipIf(skip)('keeps a wallet made before it, with no recovery release counted yet; and goes back down', async () => {
    database = await createTestDatabase(name);
    const before = new Kysely<{ login_wallets: Record<string, unknown> }>({ dialect: createDialect(database.config) });
    const migrator = new Migrator({ db: before, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0006_sign_in_networks')).error).toBeUndefined();
    await before.insertInto('login_wallets').values({ user_id: 'u1', address: '0xab', recovery_auth_share: 's', recovery_blob: 'b', created_at: 1 }).execute();
    await before.destroy();

    const db = await openDatabase(database.config);
    try {
      expect(await db.selectFrom('login_wallets').select(['user_id', 'recovery_window_start', 'recovery_releases']).execute()).toEqual([{ user_id: 'u1', recovery_window_start: 0, recovery_releases: 0 }]);
      expect(await db.selectFrom('email_attempts').selectAll().execute()).toEqual([]);
      const down = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await down.migrateTo('0006_sign_in_networks')).error).toBeUndefined();
      const old = db as unknown as Kysely<{ email_codes: Record<string, unknown> }>;
      expect(await old.selectFrom('email_codes').selectAll().execute()).toEqual([]);
      expect((await down.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });
});
