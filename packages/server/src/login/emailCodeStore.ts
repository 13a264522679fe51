import { EMAIL_LOGIN_COOLDOWN_MS } from '@cairn/core/internal';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { newOneTimeCode, oneTimeCodeHash, sameHash } from './oneTimeCode.ts';

/** 'login', and the two steps of an e-mail update (SPEC §4: primary, then secondary). */
export type CodePurpose = 'login' | 'update-primary' | 'update-secondary';

/** A code is good for 10 minutes. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong codes one code takes before it is burnt. */
export const CODE_ATTEMPTS = 5;
const HOUR_MS = 60 * 60_000;
/** A used or burnt code's hash: matches nothing. */
const SPENT = 'spent';

export type IssueResult =
  | { kind: 'issued'; code: string }
  | { kind: 'tooSoon'; seconds: number }
  | { kind: 'addressLimit'; minutes: number };

export type CheckResult = { kind: 'ok'; userId: string | null; nextEmail: string | null } | { kind: 'invalid' | 'expired' | 'burnt' };

export interface EmailCodeLimits {
  /** Codes one address may be sent per hour. */
  perAddressPerHour: number;
}

/**
 * One live code per (purpose, address), in the database so every server copy agrees. Issuing is
 * one conditional upsert: the 30 s cooldown and the hourly count hold even for requests that race.
 */
export class EmailCodeStore {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly limits: EmailCodeLimits,
  ) {}

  async issue(purpose: CodePurpose, email: string, now: number, bound: { userId?: string; nextEmail?: string } = {}): Promise<IssueResult> {
    const userId = bound.userId ?? null;
    const nextEmail = bound.nextEmail ?? null;
    await this.sweep(now);
    const code = newOneTimeCode();
    const codeHash = oneTimeCodeHash(this.secret, purpose, email, code);
    const windowOpen = now - HOUR_MS;
    const inserted = await this.db
      .insertInto('email_codes')
      .values({ purpose, email, code_hash: codeHash, user_id: userId, next_email: nextEmail, expires_at: now + CODE_TTL_MS, failed_attempts: 0, sent_at: now, window_start: now, window_count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['purpose', 'email'])
          .doUpdateSet({
            code_hash: codeHash,
            user_id: userId,
            next_email: nextEmail,
            expires_at: now + CODE_TTL_MS,
            failed_attempts: 0,
            sent_at: now,
            window_start: sql<number>`case when email_codes.window_start > ${windowOpen} then email_codes.window_start else ${now} end`,
            window_count: sql<number>`case when email_codes.window_start > ${windowOpen} then email_codes.window_count + 1 else 1 end`,
          })
          .where('email_codes.sent_at', '<=', now - EMAIL_LOGIN_COOLDOWN_MS)
          .where((eb) => eb.or([eb('email_codes.window_start', '<=', windowOpen), eb('email_codes.window_count', '<', this.limits.perAddressPerHour)])),
      )
      .returning('sent_at')
      .executeTakeFirst();
    if (inserted) return { kind: 'issued', code };

    const row = await this.db.selectFrom('email_codes').select(['sent_at', 'window_start']).where('purpose', '=', purpose).where('email', '=', email).executeTakeFirstOrThrow();
    const cooldownLeft = Number(row.sent_at) + EMAIL_LOGIN_COOLDOWN_MS - now;
    if (cooldownLeft > 0) return { kind: 'tooSoon', seconds: Math.ceil(cooldownLeft / 1000) };
    return { kind: 'addressLimit', minutes: Math.max(1, Math.ceil((Number(row.window_start) + HOUR_MS - now) / 60_000)) };
  }

  /** Lets the address ask again at once (the e-mail with the code could not be sent). */
  async withdraw(purpose: CodePurpose, email: string): Promise<void> {
    await this.db
      .updateTable('email_codes')
      .set({ code_hash: SPENT, sent_at: 0, window_count: sql<number>`case when window_count > 0 then window_count - 1 else 0 end` })
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .execute();
  }

  /** Checks a code; a right one is spent at once (single use), a wrong one counts toward the burn. */
  async check(purpose: CodePurpose, email: string, code: string, now: number): Promise<CheckResult> {
    const row = await this.db
      .selectFrom('email_codes')
      .select(['code_hash', 'expires_at', 'failed_attempts', 'user_id', 'next_email'])
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .executeTakeFirst();
    if (!row || row.code_hash === SPENT) return { kind: 'invalid' };
    if (Number(row.expires_at) <= now) return { kind: 'expired' };
    if (row.failed_attempts >= CODE_ATTEMPTS) return { kind: 'burnt' };
    const given = oneTimeCodeHash(this.secret, purpose, email, code);
    if (sameHash(given, row.code_hash)) {
      // Claimed atomically: of two requests with one code, one wins.
      const spent = await this.db
        .updateTable('email_codes')
        .set({ code_hash: SPENT })
        .where('purpose', '=', purpose)
        .where('email', '=', email)
        .where('code_hash', '=', row.code_hash)
        .where('failed_attempts', '<', CODE_ATTEMPTS)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1 ? { kind: 'ok', userId: row.user_id, nextEmail: row.next_email } : { kind: 'invalid' };
    }
    const counted = await this.db
      .updateTable('email_codes')
      .set({ failed_attempts: sql<number>`failed_attempts + 1` })
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('code_hash', '=', row.code_hash)
      .returning('failed_attempts')
      .executeTakeFirst();
    return counted && counted.failed_attempts >= CODE_ATTEMPTS ? { kind: 'burnt' } : { kind: 'invalid' };
  }

  /** Rows whose code and hourly window have both run out say nothing any more: dropped, at most once a minute. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db.deleteFrom('email_codes').where('expires_at', '<', now).where('window_start', '<', now - HOUR_MS).execute();
  }
}
