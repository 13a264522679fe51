import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/** At most `max` of `scope` per `key` per UTC day, e.g. 3 onramp payouts per address. */
export type DailyCap = { scope: string; key: string; max: number };

/** Days since the epoch, UTC: a cap's day starts at 00:00 UTC. */
export const utcDay = (now: number) => Math.floor(now / DAY_MS);

export class DailyCapReached extends Error {
  constructor(readonly cap: DailyCap) {
    super(`${cap.scope} reached its ${cap.max} for today`);
    this.name = 'DailyCapReached';
  }
}

/**
 * Counts one more against each cap for today, or throws DailyCapReached naming the first cap that
 * is full. In the caller's transaction, so a refusal (or the caller's own failure) rolls every
 * count back with it. Each count is a conditional UPDATE of one row, which PostgreSQL runs one
 * at a time per row: concurrent requests on any server copy never pass a cap together.
 */
export async function takeDailyCaps(trx: Transaction<Database>, caps: readonly DailyCap[], now: number): Promise<void> {
  const day = utcDay(now);
  await trx.deleteFrom('daily_counts').where('day', '<', day - 1).execute();
  for (const cap of caps) {
    await trx
      .insertInto('daily_counts')
      .values({ scope: cap.scope, key: cap.key, day, count: 0 })
      .onConflict((conflict) => conflict.columns(['scope', 'key', 'day']).doNothing())
      .execute();
    const counted = await trx
      .updateTable('daily_counts')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('scope', '=', cap.scope)
      .where('key', '=', cap.key)
      .where('day', '=', day)
      .where('count', '<', cap.max)
      .executeTakeFirst();
    if (counted.numUpdatedRows === 0n) throw new DailyCapReached(cap);
  }
}

/** Gives back what takeDailyCaps counted at `takenAt` (for a payout that then failed). */
export async function releaseDailyCaps(trx: Transaction<Database>, caps: readonly DailyCap[], takenAt: number): Promise<void> {
  for (const cap of caps) {
    await trx
      .updateTable('daily_counts')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('scope', '=', cap.scope)
      .where('key', '=', cap.key)
      .where('day', '=', utcDay(takenAt))
      .where('count', '>', 0)
      .execute();
  }
}
