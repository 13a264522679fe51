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
 * How long opening one PostgreSQL connection may take (TCP, TLS, start-up and authentication up to
 * ready-for-query): a database that accepts and then never answers fails requests with 503 instead
 * of holding them for ever. Waiting for a free client of the pool is not bounded by it: pg-pool's
 * own connectionTimeoutMillis would bound that too, and 1,000 concurrent sign-ins then failed.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 3_000;

/** A pool's client whose connecting, and only that, is bounded. */
class ConnectBoundedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  }
}

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
      Client: ConnectBoundedClient,
      // int8 (bigint, count(*)) as a JS number: every value we store fits in 2^53.
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
    });
    // An idle client's error (e.g. the server restarting) must not crash the process, nor must a
    // client's in use: pg-pool listens only while a client is idle, and a connection lost during a
    // query is also emitted as an 'error' event (the query itself fails with it, answered 503).
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
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
