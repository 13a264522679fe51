import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

/** How long a new device's request waits for an approval. */
export const DEVICE_REQUEST_TTL_MS = 10 * 60_000;
/** Requests one account may have waiting at once: a taken mailbox cannot flood the owner's screen. */
export const MAX_PENDING_DEVICE_REQUESTS = 3;

export interface DeviceRequest {
  id: string;
  deviceId: string;
  devicePublicKey: string;
  exchangeKey: string;
  createdAt: number;
  /** The device share sealed to the request's exchange key, once approved (opaque JSON text). */
  sealedShare: string | null;
}

const toRequest = (row: { id: string; device_id: string; device_public_key: string; exchange_key: string; created_at: number; sealed_share: string | null }): DeviceRequest => ({
  id: row.id,
  deviceId: row.device_id,
  devicePublicKey: row.device_public_key,
  exchangeKey: row.exchange_key,
  createdAt: Number(row.created_at),
  sealedShare: row.sealed_share,
});

/** New devices' requests to open a wallet (issue 27), each answered by a device that has it open. */
export class DeviceRequestStore {
  constructor(private readonly db: Db) {}

  /** A new request, or 'full' while the account has MAX_PENDING_DEVICE_REQUESTS waiting. */
  async create(userId: string, input: { deviceId: string; devicePublicKey: string; exchangeKey: string }, now: number): Promise<DeviceRequest | 'full'> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_device_requests').where('created_at', '<=', now - DEVICE_REQUEST_TTL_MS).execute();
      const { count } = await trx
        .selectFrom('login_device_requests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('sealed_share', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_PENDING_DEVICE_REQUESTS) return 'full';
      const row = { id: randomUUID(), user_id: userId, device_id: input.deviceId, device_public_key: input.devicePublicKey, exchange_key: input.exchangeKey, created_at: now, sealed_share: null };
      await trx.insertInto('login_device_requests').values(row).execute();
      return toRequest(row);
    });
  }

  /** The account's requests not expired yet. */
  private live(userId: string, now: number) {
    return this.db.selectFrom('login_device_requests').selectAll().where('user_id', '=', userId).where('created_at', '>', now - DEVICE_REQUEST_TTL_MS);
  }

  /** The account's live requests still waiting, oldest first. */
  async pending(userId: string, now: number): Promise<DeviceRequest[]> {
    return (await this.live(userId, now).where('sealed_share', 'is', null).orderBy('created_at').execute()).map(toRequest);
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

  /** A device enrolled another way (its recovery factor), or unlocked with the share it was approved: its requests are done. */
  async removeForDevice(userId: string, deviceId: string): Promise<void> {
    await this.db.deleteFrom('login_device_requests').where('user_id', '=', userId).where('device_id', '=', deviceId).execute();
  }
}
