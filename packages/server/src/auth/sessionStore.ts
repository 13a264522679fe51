import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { generateNonce } from '@cairn/core/siwx';
import type { Db } from '../db/database.ts';
import type { AuthSessionsTable } from '../db/schema.ts';
import { verifierForNetwork } from './signInVerifiers.ts';

/** What the client sees of a session (the token only right after sign-in). */
export type SessionView = {
  id: string;
  address: string;
  /** The chain's CAIP-2 reference: a number for a decimal one (eip155), else its text. */
  chainId: number | string;
  /** CAIP-2: `eip155:1`, `solana:localnet`. */
  caipNetworkId: string;
  domain: string;
  uri: string;
  issuedAt: string;
  expirationTime: string;
  nonce: string;
};

export type NewSession = {
  /** As sessions are kept by (SignInVerifier.addressKey). */
  address: string;
  /** CAIP-2. */
  caipNetworkId: string;
  domain: string;
  uri: string;
  nonce: string;
  issuedAt: string;
  expiresAt: number;
  message: string;
  signature: string;
};

/** Live sessions one address keeps; a new sign-in past it ends the oldest. */
export const MAX_SESSIONS_PER_ADDRESS = 20;

/** Ended sessions are deleted by a sign-in at most this often (one delete, not one per sign-in). */
export const SESSION_SWEEP_INTERVAL_MS = 60_000;

/** Failed signatures one nonce takes before it is burnt. */
export const MAX_FAILED_ATTEMPTS = 3;

/** A session token: 256 random bits, base64url. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionView(row: Pick<AuthSessionsTable, 'id' | 'address' | 'chain_id' | 'domain' | 'uri' | 'issued_at' | 'expiration_time' | 'nonce'>): SessionView {
  const reference = row.chain_id.slice(row.chain_id.indexOf(':') + 1);
  return {
    id: row.id,
    address: verifierForNetwork(row.chain_id)?.displayAddress(row.address) ?? row.address,
    chainId: /^[0-9]{1,15}$/.test(reference) ? Number(reference) : reference,
    caipNetworkId: row.chain_id,
    domain: row.domain,
    uri: row.uri,
    issuedAt: row.issued_at,
    expirationTime: new Date(Number(row.expiration_time)).toISOString(),
    nonce: row.nonce,
  };
}

/** Nonces and sessions in the database, so they survive a restart and are shared by every copy. */
export class SessionStore {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Db) {}

  /** A fresh nonce, valid for ttlMs; expired nonces are swept at the same time. */
  async issueNonce(now: number, ttlMs: number): Promise<string> {
    const nonce = generateNonce();
    await this.db.deleteFrom('auth_nonces').where('expires_at', '<', now).execute();
    await this.db.insertInto('auth_nonces').values({ nonce, expires_at: now + ttlMs, used_at: null }).execute();
    return nonce;
  }

  /** 'usable' when issued, unused and not expired (a read: consumeNonce is what claims it). */
  async nonceState(nonce: string, now: number): Promise<'usable' | 'unknown' | 'expired'> {
    const row = await this.db.selectFrom('auth_nonces').select(['expires_at', 'used_at']).where('nonce', '=', nonce).executeTakeFirst();
    if (!row || row.used_at !== null) return 'unknown';
    return Number(row.expires_at) <= now ? 'expired' : 'usable';
  }

  /**
   * Counts a signature that failed against the nonce; at MAX_FAILED_ATTEMPTS the nonce is burnt
   * (marked used). True when it is burnt now.
   */
  async recordFailedAttempt(nonce: string, now: number): Promise<boolean> {
    await this.db.updateTable('auth_nonces').set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) })).where('nonce', '=', nonce).where('used_at', 'is', null).execute();
    const burnt = await this.db
      .updateTable('auth_nonces')
      .set({ used_at: now })
      .where('nonce', '=', nonce)
      .where('used_at', 'is', null)
      .where('failed_attempts', '>=', MAX_FAILED_ATTEMPTS)
      .executeTakeFirst();
    return Number(burnt.numUpdatedRows) === 1;
  }

  /** Marks the nonce used; true for the one caller that did so (a replay, even a concurrent one, gets false). */
  async consumeNonce(nonce: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_nonces')
      .set({ used_at: now })
      .where('nonce', '=', nonce)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Stores a new session. Expired and revoked sessions are deleted on the way (everyone's at most
   * once per SESSION_SWEEP_INTERVAL_MS, the address's own every time), and an address keeps at most
   * MAX_SESSIONS_PER_ADDRESS live ones (its oldest are ended), so what is stored stays bounded.
   */
  async createSession(session: NewSession, now: number): Promise<{ token: string; session: SessionView }> {
    if (now - this.lastSweep >= SESSION_SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await this.db.deleteFrom('auth_sessions').where((eb) => eb.or([eb('expiration_time', '<=', now), eb('revoked_at', 'is not', null)])).execute();
    }
    const { address } = session;
    // This address keeps its newest live sessions; its ended ones and the overflow go now.
    const keep = await this.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('address', '=', address)
      .where('revoked_at', 'is', null)
      .where('expiration_time', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(MAX_SESSIONS_PER_ADDRESS - 1)
      .execute();
    await this.db
      .deleteFrom('auth_sessions')
      .where('address', '=', address)
      .$if(keep.length > 0, (query) => query.where('id', 'not in', keep.map((row) => row.id)))
      .execute();
    const token = newToken();
    const row = {
      id: randomUUID(),
      token_hash: hashToken(token),
      address,
      chain_id: session.caipNetworkId,
      domain: session.domain,
      uri: session.uri,
      nonce: session.nonce,
      issued_at: session.issuedAt,
      expiration_time: session.expiresAt,
      message: session.message,
      signature: session.signature,
      created_at: now,
      revoked_at: null,
    };
    await this.db.insertInto('auth_sessions').values(row).execute();
    return { token, session: sessionView(row) };
  }

  /** The live session the token stands for; undefined when unknown, expired or revoked. */
  async findByToken(token: string, now: number): Promise<SessionView | undefined> {
    const row = await this.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .where('expiration_time', '>', now)
      .executeTakeFirst();
    return row ? sessionView(row) : undefined;
  }

  /** Revokes the session the token stands for; false when there was no live one. */
  async revokeByToken(token: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The address's live sessions, newest first. */
  async activeSessions(address: string, now: number): Promise<SessionView[]> {
    const rows = await this.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('address', '=', address.toLowerCase())
      .where('revoked_at', 'is', null)
      .where('expiration_time', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(sessionView);
  }

  async sessionOf(address: string, id: string): Promise<SessionView | undefined> {
    const row = await this.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('address', '=', address.toLowerCase())
      .executeTakeFirst();
    return row ? sessionView(row) : undefined;
  }

  async revokeById(id: string, now: number): Promise<void> {
    await this.db.updateTable('auth_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }
}
