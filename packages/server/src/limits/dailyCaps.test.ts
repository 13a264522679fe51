import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { DailyCapReached, releaseDailyCaps, takeDailyCaps, type DailyCap } from './dailyCaps.ts';

const NOON = Date.UTC(2026, 0, 15, 12);
const NEXT_DAY = Date.UTC(2026, 0, 16, 0, 0, 1);

describe.each(await testDatabaseKinds())('daily caps on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    db = await openDatabase(database.config);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  const take = (caps: DailyCap[], now = NOON) =>
    db.transaction().execute((trx) => takeDailyCaps(trx, caps, now)).then(
      () => 'taken',
      (error: unknown) => (error instanceof DailyCapReached ? error.cap.scope : Promise.reject(error)),
    );
  const count = async (scope: string, key: string) =>
    (await db.selectFrom('daily_counts').select('count').where('scope', '=', scope).where('key', '=', key).executeTakeFirst())?.count ?? 0;

  it.skipIf(skip)('counts up to the cap, then names the full cap; a new UTC day starts again', async () => {
    const cap = { scope: 'test-address', key: '0xaa', max: 2 };
    expect([await take([cap]), await take([cap]), await take([cap])]).toEqual(['taken', 'taken', 'test-address']);
    expect(await take([cap], NEXT_DAY)).toBe('taken');
  });

  it.skipIf(skip)('takes all caps or none: a full one leaves the others as they were', async () => {
    const address = { scope: 'all-address', key: '0xbb', max: 5 };
    const ip = { scope: 'all-ip', key: '192.0.2.1', max: 1 };
    expect(await take([address, ip])).toBe('taken');
    expect(await take([address, ip])).toBe('all-ip');
    expect(await count('all-address', '0xbb')).toBe(1);
  });

  it.skipIf(skip)('lets no more than the cap through when requests race', async () => {
    const cap = { scope: 'race', key: '', max: 3 };
    const results = await Promise.all(Array.from({ length: 12 }, () => take([cap])));
    expect(results.filter((result) => result === 'taken')).toHaveLength(3);
    expect(await count('race', '')).toBe(3);
  });

  it.skipIf(skip)('gives back a count for a payout that failed', async () => {
    const cap = { scope: 'released', key: '0xcc', max: 1 };
    expect(await take([cap])).toBe('taken');
    await db.transaction().execute((trx) => releaseDailyCaps(trx, [cap], NOON));
    expect(await take([cap])).toBe('taken');
  });
});
