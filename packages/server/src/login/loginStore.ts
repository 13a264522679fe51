import { randomUUID } from 'node:crypto';
import type { LoginUser } from '@cairn/core/internal';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { loginTokenHash, newLoginToken } from './oneTimeCode.ts';

// What a client sees of a logged-in user: the wire shape is core's.
export type { LoginUser };

/** Live logins one user keeps; a new login past it ends the oldest. */
export const MAX_LOGINS_PER_USER = 20;
/**
 * Pairing codes one login may type in PAIRING_CODE_TRIES_WINDOW_MS (session 21), right or wrong. Counted per
 * login, never per account: someone else's logins (a taken mailbox) cannot spend the owner's.
 */
export const PAIRING_CODE_TRIES = 5;
export const PAIRING_CODE_TRIES_WINDOW_MS = 10 * 60_000;

/** Users, their identities (provider, subject) and their logins. Tokens are kept only as keyed hashes. */
export class LoginStore {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  /** The user behind (provider, subject), made on first sight. Never linked to another provider's user. */
  async userFor(provider: string, subject: string, email: string | null, now: number): Promise<{ id: string; email: string | null }> {
    const found = await this.findIdentity(provider, subject);
    if (found) return found;
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_users').values({ id, email, created_at: now }).execute();
      await trx.insertInto('login_identities').values({ provider, subject, user_id: id, created_at: now }).onConflict((c) => c.columns(['provider', 'subject']).doNothing()).execute();
    });
    // Of two first logins that raced, the identity row that won names the user.
    const winner = await this.findIdentity(provider, subject);
    if (winner && winner.id !== id) await this.db.deleteFrom('login_users').where('id', '=', id).execute();
    return winner ?? { id, email };
  }

  private async findIdentity(provider: string, subject: string) {
    return this.db
      .selectFrom('login_identities')
      .innerJoin('login_users', 'login_users.id', 'login_identities.user_id')
      .select(['login_users.id as id', 'login_users.email as email'])
      .where('login_identities.provider', '=', provider)
      .where('login_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  async createLogin(userId: string, provider: string, now: number, ttlMs: number): Promise<string> {
    const token = newLoginToken();
    await this.db.insertInto('login_sessions').values({ token_hash: loginTokenHash(this.secret, token), user_id: userId, provider, created_at: now, expires_at: now + ttlMs, revoked_at: null }).execute();
    // Bounded per user: past the limit the oldest live logins end; ended ones are dropped.
    await this.db.deleteFrom('login_sessions').where('user_id', '=', userId).where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)])).execute();
    const live = await this.db.selectFrom('login_sessions').select('token_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('token_hash').execute();
    const excess = live.slice(MAX_LOGINS_PER_USER).map((row) => row.token_hash);
    if (excess.length > 0) await this.db.deleteFrom('login_sessions').where('token_hash', 'in', excess).execute();
    return token;
  }

  /** The user of a live login, or undefined. */
  async findLogin(token: string, now: number): Promise<LoginUser | undefined> {
    const row = await this.db
      .selectFrom('login_sessions')
      .innerJoin('login_users', 'login_users.id', 'login_sessions.user_id')
      .select(['login_users.id as id', 'login_users.email as email', 'login_sessions.provider as provider', 'login_sessions.created_at as created_at'])
      .where('login_sessions.token_hash', '=', loginTokenHash(this.secret, token))
      .where('login_sessions.expires_at', '>', now)
      .where('login_sessions.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: row.id, email: row.email, provider: row.provider, loggedInAt: new Date(Number(row.created_at)).toISOString() };
  }

  /** The keyed hash the login is stored by: what names it in other rows (a device request's). */
  loginHash(token: string): string {
    return loginTokenHash(this.secret, token);
  }

  /**
   * Takes one of the login's pairing-code tries, in one conditional update (racing requests cannot
   * pass the bound); when none is left, the time the next one is. A right code spends one too.
   */
  async takeCodeTry(token: string, now: number): Promise<{ allowed: true } | { allowed: false; retryAt: number }> {
    const hash = loginTokenHash(this.secret, token);
    const windowOpen = now - PAIRING_CODE_TRIES_WINDOW_MS;
    const taken = await this.db
      .updateTable('login_sessions')
      .set({
        code_tries_start: sql<number>`case when code_tries_start > ${windowOpen} then code_tries_start else ${now} end`,
        code_tries: sql<number>`case when code_tries_start > ${windowOpen} then code_tries + 1 else 1 end`,
      })
      .where('token_hash', '=', hash)
      .where((eb) => eb.or([eb('code_tries_start', '<=', windowOpen), eb('code_tries', '<', PAIRING_CODE_TRIES)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { allowed: true };
    const row = await this.db.selectFrom('login_sessions').select('code_tries_start').where('token_hash', '=', hash).executeTakeFirst();
    return { allowed: false, retryAt: Number(row?.code_tries_start ?? now) + PAIRING_CODE_TRIES_WINDOW_MS };
  }

  /** Names the device that opened the wallet with this login: removing that device ends it (endDeviceLogins). */
  async tieToDevice(token: string, deviceId: string): Promise<void> {
    await this.db.updateTable('login_sessions').set({ device_id: deviceId }).where('token_hash', '=', loginTokenHash(this.secret, token)).execute();
  }

  /**
   * Whether the login `token` names is live for `deviceId` (session 22's liveness check, one indexed
   * read and one of the device): 'removed' when the device is no longer the account's, whether the
   * login still lives or its device's removal ended it; 'ended' for any other ended or unknown login.
   */
  async loginState(token: string, deviceId: string, now: number): Promise<'live' | 'removed' | 'ended'> {
    const row = await this.db
      .selectFrom('login_sessions')
      .leftJoin('login_devices', (join) => join.onRef('login_devices.user_id', '=', 'login_sessions.user_id').on('login_devices.id', '=', deviceId))
      .select(['login_sessions.expires_at as expires_at', 'login_sessions.revoked_at as revoked_at', 'login_sessions.device_id as device_id', 'login_devices.id as enrolled'])
      .where('login_sessions.token_hash', '=', loginTokenHash(this.secret, token))
      .executeTakeFirst();
    if (!row) return 'ended';
    const live = row.revoked_at === null && Number(row.expires_at) > now;
    if (row.enrolled !== null) return live ? 'live' : 'ended';
    return live || row.device_id === deviceId ? 'removed' : 'ended';
  }

  /**
   * "Sign out everywhere else" (session 23): ends, in one statement, every live login of the account
   * but the one `keepToken` names; another account's logins are never touched. Their frames forget
   * the key at their next liveness check (401). Answers how many ended.
   */
  async endOtherLogins(userId: string, keepToken: string, now: number): Promise<number> {
    const ended = await this.db
      .updateTable('login_sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('token_hash', '!=', loginTokenHash(this.secret, keepToken))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows);
  }

  async endLogin(token: string, now: number): Promise<void> {
    await this.db.updateTable('login_sessions').set({ revoked_at: now }).where('token_hash', '=', loginTokenHash(this.secret, token)).execute();
  }

  /** SPEC §4: the second step of an e-mail update stores the new address (and the identity it logs in by). */
  async changeEmail(userId: string, from: string, to: string): Promise<'changed' | 'taken'> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('login_identities').select('user_id').where('provider', '=', 'email').where('subject', '=', to).executeTakeFirst();
      if (taken) return 'taken';
      await trx.updateTable('login_identities').set({ subject: to }).where('provider', '=', 'email').where('subject', '=', from).where('user_id', '=', userId).execute();
      await trx.updateTable('login_users').set({ email: to }).where('id', '=', userId).execute();
      return 'changed';
    });
  }
}
