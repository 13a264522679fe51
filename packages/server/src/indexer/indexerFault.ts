/**
 * Why a round of the indexer stopped without touching the index: the node lags, answers null or
 * nonsense, or shows a fork deeper than the reorg window. The round is retried at the next poll.
 * The message stays the same while the fault lasts (the indexer logs a fault once, not once per
 * poll); the heights that change from poll to poll go in `details`, which the log line carries.
 */
export class IndexerFault extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
    /** 'error' when only an operator can end it (a fork deeper than the reorg window). */
    readonly level: 'warn' | 'error' = 'warn',
  ) {
    super(message);
    this.name = 'IndexerFault';
  }
}
