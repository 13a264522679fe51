import { EMAIL_LOGIN_COOLDOWN_MS } from '@cairn/core/internal';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { keyedHash, newOneTimeCode, newSecretId, oneTimeCodeHash, sameHash } from './oneTimeCode.ts';

/** 'login', and the two steps of an e-mail update (SPEC §4: primary, then secondary). */
export type CodePurpose = 'login' | 'update-primary' | 'update-secondary';

/** A code is good for 10 minutes. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong codes one attempt takes before it is burnt (only that attempt). */
export const CODE_ATTEMPTS = 5;
/**
 * Attempts live at once per (purpose, address); a newer one pushes the oldest out. To push the
 * owner's out within its 10 minutes a stranger must buy 10 codes, at the rising price, from 10
 * requesters (each waits SPEC's 30 s).
 */
export const MAX_LIVE_ATTEMPTS = 10;
/** How far back an address's codes set the next one's price; attempts are kept that long. */
export const RECENT_WINDOW_MS = 60 * 60_000;
/** A used, burnt or pushed-out attempt's code hash: matches nothing. */
const SPENT = 'spent';

export type IssueResult = { kind: 'issued'; attemptId: string; code: string } | { kind: 'tooSoon'; seconds: number } | { kind: 'proofUsed' };

/** Right, or one answer for a wrong, burnt, expired or unknown code: nothing tells them apart. */
export type CheckResult = { kind: 'ok'; userId: string | null; nextEmail: string | null } | { kind: 'invalid' };

export interface CodeRequest {
  purpose: CodePurpose;
  email: string;
  /** Who asks ('ip:…' or 'user:…'): SPEC §5's 30 s holds per requester, so nobody holds another's window. */
  requester: string;
  /** The paid proof's hash: a proof buys one attempt. */
  proofHash: string;
  userId?: string;
  nextEmail?: string;
}

class ProofAlreadyUsed extends Error {}

/**
 * E-mail codes, each bound to the attempt that asked for it (issue 22 item 5), in the database so
 * every server copy agrees. The attempt id goes only to the requester; the database keeps its
 * keyed hash, and the code's, bound to it. Issuing is one transaction: the requester's 30 s and
 * the proof's single use hold even for requests that race.
 */
export class EmailCodeStore {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  /** Codes the address got in the last hour (whatever their purpose): the price of the next one. */
  async recentCodes(email: string, now: number): Promise<number> {
    const { count } = await this.db
      .selectFrom('email_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email', '=', email)
      .where('sent_at', '>', now - RECENT_WINDOW_MS)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async issue(request: CodeRequest, now: number): Promise<IssueResult> {
    await this.sweep(now);
    const { purpose, email } = request;
    const requester = keyedHash(this.secret, 'email-code-requester', request.requester);
    const attemptId = newSecretId();
    const attemptHash = this.attemptHash(attemptId);
    const code = newOneTimeCode();
    try {
      return await this.db.transaction().execute(async (trx): Promise<IssueResult> => {
        const cooled = await trx
          .insertInto('email_code_cooldowns')
          .values({ purpose, email, requester, sent_at: now })
          .onConflict((conflict) => conflict.columns(['purpose', 'email', 'requester']).doUpdateSet({ sent_at: now }).where('email_code_cooldowns.sent_at', '<=', now - EMAIL_LOGIN_COOLDOWN_MS))
          .returning('sent_at')
          .executeTakeFirst();
        if (!cooled) {
          const row = await trx.selectFrom('email_code_cooldowns').select('sent_at').where('purpose', '=', purpose).where('email', '=', email).where('requester', '=', requester).executeTakeFirstOrThrow();
          return { kind: 'tooSoon', seconds: Math.max(1, Math.ceil((Number(row.sent_at) + EMAIL_LOGIN_COOLDOWN_MS - now) / 1000)) };
        }
        const inserted = await trx
          .insertInto('email_attempts')
          .values({
            attempt_hash: attemptHash,
            purpose,
            email,
            code_hash: oneTimeCodeHash(this.secret, purpose, email, attemptHash, code),
            proof_hash: request.proofHash,
            user_id: request.userId ?? null,
            next_email: request.nextEmail ?? null,
            sent_at: now,
            expires_at: now + CODE_TTL_MS,
            failed_attempts: 0,
          })
          .onConflict((conflict) => conflict.column('proof_hash').doNothing())
          .returning('attempt_hash')
          .executeTakeFirst();
        // Undoes the cooldown just taken: a replayed proof costs the requester nothing but buys nothing.
        if (!inserted) throw new ProofAlreadyUsed();
        const live = await trx
          .selectFrom('email_attempts')
          .select('attempt_hash')
          .where('purpose', '=', purpose)
          .where('email', '=', email)
          .where('code_hash', '!=', SPENT)
          .where('expires_at', '>', now)
          .orderBy('sent_at', 'desc')
          .orderBy('attempt_hash')
          .execute();
        const pushedOut = live.slice(MAX_LIVE_ATTEMPTS).map((row) => row.attempt_hash);
        if (pushedOut.length > 0) await trx.updateTable('email_attempts').set({ code_hash: SPENT }).where('attempt_hash', 'in', pushedOut).execute();
        return { kind: 'issued', attemptId, code };
      });
    } catch (error) {
      if (error instanceof ProofAlreadyUsed) return { kind: 'proofUsed' };
      throw error;
    }
  }

  /** Takes an attempt back (its e-mail could not be sent): the requester may ask again at once, with the same proof. */
  async withdraw(attemptId: string, request: Pick<CodeRequest, 'purpose' | 'email' | 'requester'>): Promise<void> {
    await this.db.deleteFrom('email_attempts').where('attempt_hash', '=', this.attemptHash(attemptId)).execute();
    await this.db
      .updateTable('email_code_cooldowns')
      .set({ sent_at: 0 })
      .where('purpose', '=', request.purpose)
      .where('email', '=', request.email)
      .where('requester', '=', keyedHash(this.secret, 'email-code-requester', request.requester))
      .execute();
  }

  /** Checks a code against its attempt: a right one is spent at once (single use), a wrong one counts toward that attempt's burn. */
  async check(purpose: CodePurpose, email: string, attemptId: string, code: string, now: number): Promise<CheckResult> {
    const attemptHash = this.attemptHash(attemptId);
    const row = await this.db
      .selectFrom('email_attempts')
      .select(['code_hash', 'expires_at', 'user_id', 'next_email'])
      .where('attempt_hash', '=', attemptHash)
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .executeTakeFirst();
    if (!row || row.code_hash === SPENT || Number(row.expires_at) <= now) return { kind: 'invalid' };
    const live = (eb: ExpressionBuilder<Database, 'email_attempts'>) =>
      eb.and([eb('attempt_hash', '=', attemptHash), eb('code_hash', '=', row.code_hash), eb('failed_attempts', '<', CODE_ATTEMPTS)]);
    if (sameHash(oneTimeCodeHash(this.secret, purpose, email, attemptHash, code), row.code_hash)) {
      // Claimed atomically: of two requests with one code, one wins.
      const spent = await this.db.updateTable('email_attempts').set({ code_hash: SPENT }).where(live).executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1 ? { kind: 'ok', userId: row.user_id, nextEmail: row.next_email } : { kind: 'invalid' };
    }
    await this.db
      .updateTable('email_attempts')
      .set({
        failed_attempts: sql<number>`failed_attempts + 1`,
        code_hash: sql<string>`case when failed_attempts + 1 >= ${CODE_ATTEMPTS} then ${SPENT} else code_hash end`,
      })
      .where(live)
      .execute();
    return { kind: 'invalid' };
  }

  private attemptHash(attemptId: string): string {
    return keyedHash(this.secret, 'email-attempt', attemptId);
  }

  /** Attempts older than the price window, and cooldowns past their 30 s, say nothing any more: dropped, at most once a minute. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db.deleteFrom('email_attempts').where('sent_at', '<=', now - RECENT_WINDOW_MS).execute();
    await this.db.deleteFrom('email_code_cooldowns').where('sent_at', '<=', now - EMAIL_LOGIN_COOLDOWN_MS).execute();
  }
}
