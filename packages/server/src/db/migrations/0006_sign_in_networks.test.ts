import { Kysely, Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken, SessionStore } from '../../auth/sessionStore.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/testDatabases.ts';
import { createDialect, openDatabase } from '../database.ts';
import { migrations } from './index.ts';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe.each(await testDatabaseKinds())('migration 0006 (sessions by CAIP-2 chain id) on $name', ({ name, skip }) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it.skipIf(skip)('keeps a session signed in before it working, its chain now eip155:<id>; and goes back down', async () => {
    database = await createTestDatabase(name);
    const before = new Kysely<{ auth_sessions: Record<string, unknown> }>({ dialect: createDialect(database.config) });
    const migrator = new Migrator({ db: before, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0005_embedded_login')).error).toBeUndefined();
    const now = Date.now();
    await before
      .insertInto('auth_sessions')
      .values({
        id: '00000000-0000-4000-8000-000000000001', token_hash: hashToken('kept-token-0123456789'), address: ADDRESS, chain_id: 31337,
        domain: 'shop.example', uri: 'https://shop.example', nonce: 'abcdefgh1234', issued_at: new Date(now).toISOString(),
        expiration_time: now + 3600_000, message: 'm', signature: '0x', created_at: now, revoked_at: null,
      })
      .execute();
    await before.destroy();

    const db = await openDatabase(database.config);
    try {
      const row = await db.selectFrom('auth_sessions').select(['chain_id', 'address']).executeTakeFirstOrThrow();
      expect(row).toEqual({ chain_id: 'eip155:31337', address: ADDRESS });
      const session = await new SessionStore(db).findByToken('kept-token-0123456789', Date.now());
      expect(session).toMatchObject({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337, caipNetworkId: 'eip155:31337' });

      // Down: eip155 sessions become numbers again; another namespace's cannot and end.
      await db.insertInto('auth_sessions').values({
        id: '00000000-0000-4000-8000-000000000002', token_hash: hashToken('solana-token-0123456789'), address: 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1',
        chain_id: 'solana:localnet', domain: 'shop.example', uri: 'https://shop.example', nonce: 'abcdefgh5678', issued_at: new Date(now).toISOString(),
        expiration_time: now + 3600_000, message: 'm', signature: 's', created_at: now, revoked_at: null,
      }).execute();
      const down = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await down.migrateTo('0005_embedded_login')).error).toBeUndefined();
      const rows = await (db as unknown as Kysely<{ auth_sessions: { chain_id: number; address: string } }>).selectFrom('auth_sessions').select(['chain_id', 'address']).execute();
      expect(rows).toEqual([{ chain_id: 31337, address: ADDRESS }]);
    } finally {
      await db.destroy();
    }
  });
});
