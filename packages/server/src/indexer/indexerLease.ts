import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * One replica at a time indexes a chain: the one holding its lease row, which it renews every
 * round. A replica that dies stops renewing; another takes the lease once it expires (leaseMs)
 * and resumes from the highest stored block, so nothing is skipped. Two writers at once (a round
 * outliving its lease) still store each block once: appendBlocks only extends the tip it read.
 */
export class IndexerLease {
  readonly holder = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly chainId: number,
    private readonly leaseMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the lease, or renews this replica's; false while another replica's is live. */
  async hold(): Promise<boolean> {
    const now = this.now();
    const row = await this.db
      .insertInto('indexer_leases')
      .values({ chain_id: this.chainId, holder: this.holder, expires_at: now + this.leaseMs })
      .onConflict((conflict) =>
        conflict
          .column('chain_id')
          .doUpdateSet({ holder: this.holder, expires_at: now + this.leaseMs })
          .where((eb) => eb.or([eb('indexer_leases.holder', '=', this.holder), eb('indexer_leases.expires_at', '<=', now)])),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  /** Gives the lease up (a clean stop): another replica takes over at its next round. */
  async release(): Promise<void> {
    await this.db.deleteFrom('indexer_leases').where('chain_id', '=', this.chainId).where('holder', '=', this.holder).execute();
  }
}
