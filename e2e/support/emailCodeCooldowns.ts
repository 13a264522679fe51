import Database from 'better-sqlite3';
import { EMAIL_LOGIN_COOLDOWN_MS } from '@cairn/core/internal';
import { databaseConfig } from '@cairn/server/testing';
import { E2E_PORTS } from './ports.ts';

/**
 * What SPEC §5's 30 s wait before another code for the same address does to a server's records,
 * without the wait: every e-mail code cooldown in that server's SQLite file is over. A test that
 * logs the same address in twice uses it instead of sleeping half a minute.
 */
export function endEmailCodeCooldowns(databasePath: string): void {
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    database.prepare('UPDATE email_code_cooldowns SET sent_at = sent_at - ?').run(EMAIL_LOGIN_COOLDOWN_MS);
  } finally {
    database.close();
  }
}

/** The same for the run's shared stack (the demo's server), wherever its database is. */
export function endStackEmailCodeCooldowns(): void {
  const database = databaseConfig(process.env.DATABASE_URL, E2E_PORTS.server);
  if (database.dialect !== 'sqlite') throw new Error('endStackEmailCodeCooldowns reads the stack server\'s SQLite file; DATABASE_URL names another database');
  endEmailCodeCooldowns(database.path);
}
