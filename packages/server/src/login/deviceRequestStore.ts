import { createHash, randomUUID } from 'node:crypto';
import { pairingCode, REQUESTER_BROWSERS, REQUESTER_SYSTEMS, type RequesterBrowser, type RequesterDevice, type RequesterSystem } from '@cairn/core/internal';
import type { Db } from '../db/database.ts';

/** How long a new device's request waits for an approval. */
export const DEVICE_REQUEST_TTL_MS = 10 * 60_000;
/**
 * Requests one login may have live at once (session 21): the owner's new device makes one per
 * login (a reload makes another); a login of someone else's (a taken mailbox) fills only its own.
 * Before session 21 the bound was 3 per account, which that login filled for the owner.
 */
export const MAX_DEVICE_REQUESTS_PER_LOGIN = 3;
/**
 * Live requests per account, as a bound on rows: 20 live logins (the login store's
 * MAX_LOGINS_PER_USER) times 3. Requests of ended logins are dropped before a new one is counted,
 * and a 21st login ends the oldest, so the owner's new login always finds room under it.
 */
export const MAX_DEVICE_REQUESTS_PER_ACCOUNT = 60;

export interface DeviceRequest {
  id: string;
  deviceId: string;
  devicePublicKey: string;
  exchangeKey: string;
  createdAt: number;
  /** The device share sealed to the request's exchange key, once approved (opaque JSON text). */
  sealedShare: string | null;
  /** What the server can say of the browser that asked (session 25): its User-Agent's browser and system, and its network's keyed hash. */
  requester: Requester;
}

/** A requester as the row keeps it for the request's 10 minutes: names from core's lists, the network as a keyed hash. */
export interface Requester extends RequesterDevice {
  network: string;
}

type Row = {
  id: string;
  device_id: string;
  device_public_key: string;
  exchange_key: string;
  created_at: number;
  sealed_share: string | null;
  requester_browser: string | null;
  requester_system: string | null;
  requester_network: string;
};
const named = <T extends string>(list: readonly T[], value: string | null): T | null => list.find((known) => known === value) ?? null;
const toRequest = (row: Row): DeviceRequest => ({
  id: row.id,
  deviceId: row.device_id,
  devicePublicKey: row.device_public_key,
  exchangeKey: row.exchange_key,
  createdAt: Number(row.created_at),
  sealedShare: row.sealed_share,
  requester: { browser: named<RequesterBrowser>(REQUESTER_BROWSERS, row.requester_browser), system: named<RequesterSystem>(REQUESTER_SYSTEMS, row.requester_system), network: row.requester_network },
});

/** What the row keeps of a pairing code: SHA-256 of it in `pairingCode`'s form (the row derives it anyway). */
export const pairingCodeHash = (code: string) => createHash('sha256').update(`cairn-pairing-code:${code}`).digest('base64url');

/**
 * New devices' requests to open a wallet (issue 27), each made by a login and found, on a device
 * that has the wallet open, by the pairing code the new device shows (session 21).
 */
export class DeviceRequestStore {
  constructor(private readonly db: Db) {}

  /**
   * A new request made by the login `loginHash` (the login store's keyed token hash); 'full' while
   * that login has MAX_DEVICE_REQUESTS_PER_LOGIN live, or the account MAX_DEVICE_REQUESTS_PER_ACCOUNT.
   * Expired requests and those of logins that ended go first.
   */
  async create(userId: string, loginHash: string, input: { deviceId: string; devicePublicKey: string; exchangeKey: string; requester: Requester }, now: number): Promise<DeviceRequest | 'full'> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_device_requests').where('created_at', '<=', now - DEVICE_REQUEST_TTL_MS).execute();
      await trx
        .deleteFrom('login_device_requests')
        .where('user_id', '=', userId)
        .where('login_hash', 'not in', (eb) => eb.selectFrom('login_sessions').select('token_hash').where('user_id', '=', userId).where('expires_at', '>', now).where('revoked_at', 'is', null))
        .execute();
      const counts = await trx
        .selectFrom('login_device_requests')
        .select((eb) => [eb.fn.countAll<number>().as('account'), eb.fn.sum<number>(eb.case().when('login_hash', '=', loginHash).then(1).else(0).end()).as('login')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(counts.login ?? 0) >= MAX_DEVICE_REQUESTS_PER_LOGIN || Number(counts.account) >= MAX_DEVICE_REQUESTS_PER_ACCOUNT) return 'full';
      const id = randomUUID();
      const shown = { id, deviceId: input.deviceId, devicePublicKey: input.devicePublicKey, exchangeKey: input.exchangeKey };
      const { browser, system, network } = input.requester;
      const row = {
        id,
        user_id: userId,
        device_id: input.deviceId,
        device_public_key: input.devicePublicKey,
        exchange_key: input.exchangeKey,
        created_at: now,
        sealed_share: null,
        requester_browser: browser,
        requester_system: system,
        requester_network: network,
      };
      await trx
        .insertInto('login_device_requests')
        .values({ ...row, login_hash: loginHash, code_hash: pairingCodeHash(pairingCode(shown)) })
        .execute();
      return toRequest(row);
    });
  }

  /** The account's requests not expired yet. */
  private live(userId: string, now: number) {
    return this.db.selectFrom('login_device_requests').selectAll().where('user_id', '=', userId).where('created_at', '>', now - DEVICE_REQUEST_TTL_MS);
  }

  /**
   * The account's one waiting request with this pairing code (in `pairingCode`'s form), made by a
   * login still live; undefined when none, or (2^-40 per pair) when two share it.
   */
  async findByCode(userId: string, code: string, now: number): Promise<DeviceRequest | undefined> {
    const rows = await this.live(userId, now)
      .where('code_hash', '=', pairingCodeHash(code))
      .where('sealed_share', 'is', null)
      .where('login_hash', 'in', (eb) => eb.selectFrom('login_sessions').select('token_hash').where('user_id', '=', userId).where('expires_at', '>', now).where('revoked_at', 'is', null))
      .limit(2)
      .execute();
    // The code is computed again from the row: the hash only finds it.
    const found = rows.length === 1 ? toRequest(rows[0]!) : undefined;
    return found && pairingCode({ id: found.id, deviceId: found.deviceId, devicePublicKey: found.devicePublicKey, exchangeKey: found.exchangeKey }) === code ? found : undefined;
  }

  async find(userId: string, id: string, now: number): Promise<DeviceRequest | undefined> {
    const row = await this.live(userId, now).where('id', '=', id).executeTakeFirst();
    return row && toRequest(row);
  }

  /** Stores the sealed share on a request still waiting; false when it was answered or is gone. */
  async approve(userId: string, id: string, sealedShare: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('login_device_requests')
      .set({ sealed_share: sealedShare })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('sealed_share', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * "Sign out everywhere else" (session 23): the account's waiting requests made by other logins go
   * with those logins (a request of an ended login was already never found by its code; now none is
   * left to approve by its id either). The caller's own login's requests stay.
   */
  async removeOtherLogins(userId: string, keepLoginHash: string): Promise<number> {
    const removed = await this.db.deleteFrom('login_device_requests').where('user_id', '=', userId).where('login_hash', '!=', keepLoginHash).executeTakeFirst();
    return Number(removed.numDeletedRows);
  }

  /** A device enrolled another way (its recovery factor), or unlocked with the share it was approved: its requests are done. */
  async removeForDevice(userId: string, deviceId: string): Promise<void> {
    await this.db.deleteFrom('login_device_requests').where('user_id', '=', userId).where('device_id', '=', deviceId).execute();
  }
}
