import Database from 'better-sqlite3';
import { EMAIL_LOGIN_COOLDOWN_MS } from '@cairn/core/internal';

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
