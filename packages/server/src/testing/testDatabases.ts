import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensurePostgres } from '../../../../scripts/lib/ensurePostgres.mjs';
import type { DatabaseConfig } from '../config.ts';

export type TestDatabaseKind = { name: 'sqlite' | 'postgres'; skip?: string };
export type TestDatabase = { config: DatabaseConfig; drop(): Promise<void> };

let postgresUrl: Promise<{ url?: string; skipped?: string }> | undefined;

/**
 * The databases every server suite runs on: SQLite always, PostgreSQL too. `npm test` starts the
 * private test cluster (scripts/lib/ensurePostgres.mjs) and passes TEST_POSTGRES_URL; a bare
 * `vitest run` starts it here when the binaries are installed. When PostgreSQL cannot be had, its
 * suites are skipped with the reason printed (never in CI: ensurePostgres throws there).
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  postgresUrl ??= process.env.TEST_POSTGRES_URL ? Promise.resolve({ url: process.env.TEST_POSTGRES_URL }) : ensurePostgres({ install: false });
  const postgres = await postgresUrl;
  if (postgres.skipped) console.warn(`Skipping the PostgreSQL server tests: ${postgres.skipped}`);
  return [{ name: 'sqlite' }, { name: 'postgres', skip: postgres.skipped }];
}

/** A fresh, empty database of that kind, for one suite; drop() removes it. */
export async function createTestDatabase(kind: TestDatabaseKind['name']): Promise<TestDatabase> {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (kind === 'sqlite') {
    const path = join(tmpdir(), `cairn-test-${suffix}.sqlite`);
    return {
      config: { dialect: 'sqlite', path },
      async drop() {
        for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
      },
    };
  }
  const { url } = await postgresUrl!;
  if (!url) throw new Error('PostgreSQL is not available');
  const name = `cairn_t_${suffix}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    config: { dialect: 'postgres', url: url.replace(/\/[^/]*$/, `/${name}`) },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
