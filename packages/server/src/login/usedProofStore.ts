import type { Db } from '../db/database.ts';

/**
 * Wallet-key proofs that may be used once (sign-out-others, session 24): each is kept, by its
 * message's hash, until it could no longer pass the proof window, so a replay within it is refused.
 * Rows are bounded by the route's rate limit times the window, and dropped as they expire.
 */
export class UsedProofStore {
  constructor(private readonly db: Db) {}

  /** Marks the proof used; true for the one caller that did so (a replay, even a concurrent one on another replica, gets false). */
  async spend(proofHash: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('used_proofs').where('expires_at', '<', now).execute();
    const inserted = await this.db
      .insertInto('used_proofs')
      .values({ proof_hash: proofHash, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('proof_hash').doNothing())
      .returning('proof_hash')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
