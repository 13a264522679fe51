import { generateNonce } from '@cairn/core/siwx';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/database.ts';
import type { NamesTable } from '../db/schema.ts';
import { takeDailyCaps, type DailyCap } from '../limits/dailyCaps.ts';

/** A registration that passed its signature check, for `register` to apply. */
export type CheckedRegistration = {
  /** Lowercase, in the store's zone. */
  name: string;
  /** Lowercase. */
  address: string;
  /** The signed timestamp, seconds. */
  signedAt: number;
  /** The day's caps it counts against. */
  caps: readonly DailyCap[];
};
/** 'older': the address has a registration signed at this time or later (a replay of an old one). */
export type RegistrationOutcome = 'registered' | 'taken' | 'older';

/**
 * The names this server holds, in its one zone (NAME_ZONE): it answers for no other zone, also
 * not for rows a former zone left. Registration nonces are single-use rows with an expiry.
 */
export class NameStore {
  constructor(
    private readonly db: Db,
    readonly zone: string,
  ) {}

  inZone(name: string): boolean {
    return name.endsWith(this.zone) && name.length > this.zone.length;
  }

  async resolve(name: string): Promise<NamesTable | undefined> {
    if (!this.inZone(name)) return undefined;
    return this.db.selectFrom('names').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** The address's names in the zone, newest first. */
  namesOf(address: string, limit: number): Promise<NamesTable[]> {
    return this.db
      .selectFrom('names')
      .selectAll()
      .where('address', '=', address.toLowerCase())
      .where('name', 'like', `%${this.zone}`)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async taken(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    return new Set((await this.db.selectFrom('names').select('name').where('name', 'in', names).execute()).map((row) => row.name));
  }

  /** A fresh nonce for one registration, valid for ttlMs; expired ones are swept at the same time. */
  async issueNonce(now: number, ttlMs: number): Promise<string> {
    const nonce = generateNonce();
    await this.db.deleteFrom('name_nonces').where('expires_at', '<', now).execute();
    await this.db.insertInto('name_nonces').values({ nonce, expires_at: now + ttlMs, used_at: null }).execute();
    return nonce;
  }

  /** Marks the nonce used; true for the one caller that did so while it was live. */
  async consumeNonce(nonce: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('name_nonces')
      .set({ used_at: now })
      .where('nonce', '=', nonce)
      .where('used_at', 'is', null)
      .where('expires_at', '>=', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * One primary name per address: a registration newer than the address's last replaces it.
   * Registrations run one at a time (SQLite's transactions do; on PostgreSQL an advisory lock), so
   * two of one address cannot both pass the time check, nor two addresses take one name. Throws
   * DailyCapReached, counting nothing, when a cap is full.
   */
  register(registration: CheckedRegistration, now: number): Promise<RegistrationOutcome> {
    const { name, address, signedAt, caps } = registration;
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(this.db)) await sql`select pg_advisory_xact_lock(hashtext('cairn-names'))`.execute(trx);
      const last = await trx.selectFrom('names').select(['signed_at', 'created_at']).where('address', '=', address).orderBy('created_at', 'desc').executeTakeFirst();
      if (last && signedAt <= (last.signed_at ?? Math.floor(last.created_at / 1000))) return 'older';
      const holder = await trx.selectFrom('names').select('address').where('name', '=', name).executeTakeFirst();
      if (holder && holder.address !== address) return 'taken';
      await takeDailyCaps(trx, caps, now);
      await trx.deleteFrom('names').where('address', '=', address).execute();
      await trx.insertInto('names').values({ name, address, avatar: null, created_at: now, signed_at: signedAt }).execute();
      return 'registered';
    });
  }
}
