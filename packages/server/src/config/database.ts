import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './configError.ts';

export type DatabaseConfig = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

/**
 * The zero-config database: an SQLite file per server port under the working directory's .data/
 * (never inside the installed package), so that `npm start` and the e2e stack (each with its own
 * fresh devnet, both chain 31337) never index into the same file at once.
 */
export function defaultSqlitePath(port: number): string {
  return resolve('.data', `cairn-${port}.sqlite`);
}

/** DATABASE_URL: postgres://…, sqlite:<file>, or unset for the default SQLite file. */
export function databaseConfig(raw: string | undefined, port: number): DatabaseConfig {
  if (raw === undefined || raw.trim() === '') return { dialect: 'sqlite', path: defaultSqlitePath(port) };
  const value = raw.trim();
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { dialect: 'postgres', url: value };
  }
  const sqlite = /^sqlite:(.+)$/.exec(value);
  if (sqlite) {
    const path = sqlite[1]!.replace(/^\/\/(?=\/)/, '');
    return { dialect: 'sqlite', path: path === ':memory:' || isAbsolute(path) ? path : resolve(path) };
  }
  // A URL's user and password are never repeated.
  throw new ConfigError('DATABASE_URL', `must be postgres://… or sqlite:<file> (or unset for the default SQLite file), got "${value.replace(/\/\/[^@]*@/, '//…@')}"`);
}
