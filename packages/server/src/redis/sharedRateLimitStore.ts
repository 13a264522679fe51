import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { CountHit, WindowCount } from '../http/windowCounts.ts';
import { SharedStateUnavailable } from './sharedState.ts';

// One window per key, as the plugin's own stores count: the first hit starts it, the count ends with it.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

const PREFIX = 'cairn:limit:';

type RouteLimitOptions = FastifyRateLimitOptions & { routeInfo?: { method?: string; url?: string } };

/**
 * @fastify/rate-limit's counts in Redis, so every replica counts against one limit. A failed count
 * (Redis down) reaches the plugin as SharedStateUnavailable: its `skipOnError` then lets the
 * request through (reads), or the error handler answers 503 (logins, which set skipOnError false).
 */
export function sharedRateLimitStore(redis: Redis): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = PREFIX,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: WindowCount) => void, timeWindow: number): void {
      countInRedis(redis, this.prefix + key, timeWindow).then((count) => callback(null, count), callback);
    }

    // A route's own limit counts apart from the global one, as the plugin's stores do.
    child(options: RouteLimitOptions): FastifyRateLimitStore {
      return new SharedRateLimitStore(options, `${this.prefix}${options.routeInfo?.method ?? ''}${options.routeInfo?.url ?? ''}:`);
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** The server's own limits (per client, per project) counted in Redis: the same windows as the plugin's. */
export function redisWindowCounts(redis: Redis, name: string, windowMs: number): CountHit {
  const prefix = `${PREFIX}${name}:`;
  return (key) => countInRedis(redis, prefix + key, windowMs);
}

/** One hit on a key's window; SharedStateUnavailable when Redis does not answer. */
async function countInRedis(redis: Redis, key: string, windowMs: number): Promise<WindowCount> {
  try {
    const [current, ttl] = (await redis.eval(INCREMENT, 1, key, windowMs)) as [number, number];
    return { current, ttl: Math.max(0, ttl) };
  } catch (error) {
    throw new SharedStateUnavailable(error);
  }
}
