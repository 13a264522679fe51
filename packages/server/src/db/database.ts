import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const postgresDatabases = new WeakSet<Db>();

/** The few places that differ by database (locks) ask this. */
export function isPostgres(db: Db): boolean {
  return postgresDatabases.has(db);
}

const INT8_OID = 20;

/**
 * Opens the database (SQLite file by default, PostgreSQL for postgres:// URLs) and brings its
 * schema up to date. Block numbers, timestamps and counts come back as numbers on both.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  const db = new Kysely<Database>({ dialect: createDialect(config) });
  if (config.dialect === 'postgres') postgresDatabases.add(db);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

export function createDialect(config: DatabaseConfig) {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // A database that does not answer fails the request (503) within seconds, rather than holding it.
      connectionTimeoutMillis: 3_000,
      // int8 (bigint, count(*)) as a JS number: every value we store fits in 2^53.
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
    });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on('error', () => {});
    return new PostgresDialect({ pool });
  }
  if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true });
  const database = new SQLite(config.path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database });
}

async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** True when the database answers a trivial query. */
export async function databaseIsUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
