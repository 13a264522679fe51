import { integer, type Env } from './readers.ts';

/** Requests per minute; past them a client gets 429 with Retry-After. */
export interface RateLimitConfig {
  /** Every route, per client IP; 0: off (a proxy in front limits). */
  perIp: number;
  /**
   * Images (wallet logos, network, token and currency icons), per client IP, counted apart from
   * perIp: a list shows a logo per row, and scrolling All Wallets must not spend the budget its
   * pages need (issue 29). 0: off.
   */
  imagesPerIp: number;
  /** The data API and catalogue, per projectId, all clients together; 0: off. */
  perProject: number;
  /** GET /auth/v1/nonce (a database row each), per client IP. */
  noncePerIp: number;
  /** GET /auth/v1/nonce, all clients together: bounds the nonces stored at once. */
  nonceTotal: number;
}

export function rateLimitConfig(env: Env): RateLimitConfig {
  return {
    perIp: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 100_000_000),
    imagesPerIp: integer(env, 'RATE_LIMIT_IMAGES_PER_MINUTE', 6000, 0, 100_000_000),
    perProject: integer(env, 'RATE_LIMIT_PROJECT_PER_MINUTE', 60_000, 0, 100_000_000),
    noncePerIp: integer(env, 'NONCE_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
    nonceTotal: integer(env, 'NONCE_RATE_LIMIT_TOTAL_PER_MINUTE', 3000, 1, 10_000_000),
  };
}

/** FORCED_REFRESH_MS: how long the block of a forced balance read is remembered: within it, a forced read of the same account and chain reads the node again only once the chain has a new block. */
export function forcedRefreshMs(env: Env): number {
  return integer(env, 'FORCED_REFRESH_MS', 10_000, 0, 3_600_000);
}
