import { randomUUID } from 'node:crypto';
import type { LoginUser } from '@cairn/core/internal';
import type { Db } from '../db/database.ts';
import { loginTokenHash, newLoginToken } from './oneTimeCode.ts';

// What a client sees of a logged-in user: the wire shape is core's.
export type { LoginUser };

/** Live logins one user keeps; a new login past it ends the oldest. */
export const MAX_LOGINS_PER_USER = 20;

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
