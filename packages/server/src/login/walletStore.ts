import { randomBytes } from 'node:crypto';
import type { DevicePublicKey } from '@cairn/core/internal';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Devices one wallet may have at once. */
export const MAX_DEVICES = 10;
/** How long a device challenge may be answered. */
export const CHALLENGE_TTL_MS = 2 * 60_000;
/**
 * Releases of a wallet's recovery material per 24 hours. Each gives whoever holds the login a copy
 * of the blob to attack offline (a passphrase's weakness): a taken mailbox gets a few, not one per
 * login; a user setting up devices or exporting needs one each.
 */
export const RECOVERY_RELEASES_PER_DAY = 5;
export const RECOVERY_WINDOW_MS = 24 * 60 * 60_000;

export interface WalletDevice {
  id: string;
  /** The device key's public half: what the wallet key's `remove-device` proof names. */
  publicKey: DevicePublicKey;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A device as the frame enrolls it (custody's DeviceEnrollment): its own id, the server's share, its key. */
export interface NewDevice {
  deviceId: string;
  authShare: string;
  devicePublicKey: DevicePublicKey;
}

const deviceRow = (userId: string, device: NewDevice, now: number) => ({
  id: device.deviceId,
  user_id: userId,
  public_key: device.devicePublicKey,
  auth_share: device.authShare,
  created_at: now,
  last_used_at: null,
});

export interface StoredDevice {
  id: string;
  publicKey: DevicePublicKey;
  authShare: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The embedded wallet's server side: the address, the server's shares and the device keys. */
export class WalletStore {
  constructor(private readonly db: Db) {}

  async wallet(userId: string) {
    return this.db.selectFrom('login_wallets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async devices(userId: string): Promise<WalletDevice[]> {
    const rows = await this.db.selectFrom('login_devices').select(['id', 'public_key', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute();
    return rows.map((row) => ({ id: row.id, publicKey: row.public_key, createdAt: iso(row.created_at)!, lastUsedAt: iso(row.last_used_at) }));
  }

  /** Creates the wallet with its first device; 'exists' when the user has one (or the device id is taken). */
  async create(input: { userId: string; address: string; recoveryAuthShare: string; recoveryBlob: string; device: NewDevice }, now: number): Promise<'created' | 'exists'> {
    return this.db.transaction().execute(async (trx) => {
      if (await this.deviceIdTaken(trx, input.device.deviceId)) return 'exists';
      const inserted = await trx
        .insertInto('login_wallets')
        .values({ user_id: input.userId, address: input.address.toLowerCase(), recovery_auth_share: input.recoveryAuthShare, recovery_blob: input.recoveryBlob, created_at: now })
        .onConflict((c) => c.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 'exists';
      await trx.insertInto('login_devices').values(deviceRow(input.userId, input.device, now)).execute();
      return 'created';
    });
  }

  /** Adds a device (after a recovery on a new browser); 'full' past MAX_DEVICES. */
  async addDevice(userId: string, device: NewDevice, now: number): Promise<'added' | 'full' | 'taken'> {
    return this.db.transaction().execute(async (trx) => {
      if (await this.deviceIdTaken(trx, device.deviceId)) return 'taken';
      const { count } = await trx.selectFrom('login_devices').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      if (Number(count) >= MAX_DEVICES) return 'full';
      await trx.insertInto('login_devices').values(deviceRow(userId, device, now)).execute();
      return 'added';
    });
  }

  private async deviceIdTaken(trx: Db, deviceId: string): Promise<boolean> {
    return (await trx.selectFrom('login_devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined;
  }

  /**
   * Removes the user's own device, then its challenge, and ends every login that opened the wallet
   * on it (session 22: a frame still open there learns it at its next signature); another user's
   * device is left as it is, challenge, logins and all.
   */
  async removeDevice(userId: string, deviceId: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('login_devices').where('id', '=', deviceId).where('user_id', '=', userId).executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      await trx.deleteFrom('device_challenges').where('device_id', '=', deviceId).execute();
      await trx.updateTable('login_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('device_id', '=', deviceId).where('revoked_at', 'is', null).execute();
      return true;
    });
  }

  async device(userId: string, deviceId: string): Promise<StoredDevice | undefined> {
    const row = await this.db.selectFrom('login_devices').select(['id', 'public_key', 'auth_share']).where('id', '=', deviceId).where('user_id', '=', userId).executeTakeFirst();
    return row && { id: row.id, publicKey: row.public_key, authShare: row.auth_share };
  }

  /** A fresh challenge for the device, replacing any live one (one row per device at most). */
  async issueChallenge(deviceId: string, now: number): Promise<string> {
    const challenge = `cairn-device-challenge:${randomBytes(32).toString('base64url')}`;
    await this.db
      .insertInto('device_challenges')
      .values({ device_id: deviceId, challenge, expires_at: now + CHALLENGE_TTL_MS })
      .onConflict((c) => c.column('device_id').doUpdateSet({ challenge, expires_at: now + CHALLENGE_TTL_MS }))
      .execute();
    return challenge;
  }

  /** Takes the device's live challenge if it is this one: one answer per challenge, right or wrong. */
  async takeChallenge(deviceId: string, challenge: string, now: number): Promise<boolean> {
    const taken = await this.db.deleteFrom('device_challenges').where('device_id', '=', deviceId).where('challenge', '=', challenge).where('expires_at', '>', now).executeTakeFirst();
    if (Number(taken.numDeletedRows) === 1) return true;
    await this.db.deleteFrom('device_challenges').where('device_id', '=', deviceId).execute();
    return false;
  }

  /**
   * Counts a release of the recovery material (issue 22 item 16): at most RECOVERY_RELEASES_PER_DAY
   * in 24 hours from the first, one conditional update so racing requests cannot pass it; when
   * refused, the time the next one is allowed.
   */
  async countRecoveryRelease(userId: string, now: number): Promise<{ allowed: true } | { allowed: false; retryAt: number }> {
    const windowOpen = now - RECOVERY_WINDOW_MS;
    const counted = await this.db
      .updateTable('login_wallets')
      .set({
        recovery_window_start: sql<number>`case when recovery_window_start > ${windowOpen} then recovery_window_start else ${now} end`,
        recovery_releases: sql<number>`case when recovery_window_start > ${windowOpen} then recovery_releases + 1 else 1 end`,
      })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('recovery_window_start', '<=', windowOpen), eb('recovery_releases', '<', RECOVERY_RELEASES_PER_DAY)]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 1) return { allowed: true };
    const row = await this.db.selectFrom('login_wallets').select('recovery_window_start').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { allowed: false, retryAt: Number(row.recovery_window_start) + RECOVERY_WINDOW_MS };
  }

  async markUsed(deviceId: string, now: number): Promise<void> {
    await this.db.updateTable('login_devices').set({ last_used_at: now }).where('id', '=', deviceId).execute();
  }
}
