import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** How long a command waits for Redis to answer before it fails (a limit check, a cache message). */
const COMMAND_TIMEOUT_MS = 1_000;
/** Reconnects back off up to this (ioredis retries for ever; commands fail at once meanwhile). */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * The replicas' shared short-lived state (REDIS_URL): one connection for commands, more for what
 * blocks or listens (a stream reader, a subscriber). While Redis is down a command fails at once
 * (no offline queue): the caller decides whether that refuses the request (logins) or lets it
 * through (reads), rather than letting it hang.
 */
export class SharedState {
  readonly commands: Redis;
  private readonly extra: Redis[] = [];

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.commands = this.open('commands');
  }

  /** A further connection (a blocking reader or a subscriber), closed with the others. */
  connection(role: string, options: { commandTimeout?: number } = {}): Redis {
    const redis = this.open(role, options);
    this.extra.push(redis);
    return redis;
  }

  private open(role: string, options: { commandTimeout?: number } = {}): Redis {
    const redis = new Redis(this.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeout ?? COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    });
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) this.log.warn({ role, err: error.message }, 'redis unavailable');
      down = true;
    });
    redis.on('ready', () => {
      if (down) this.log.info({ role }, 'redis available again');
      down = false;
    });
    return redis;
  }

  /** Connects every connection made so far; a Redis that does not answer is logged, and retried in the background. */
  async connect(): Promise<void> {
    await Promise.all([this.commands, ...this.extra].map((redis) => redis.connect().catch(() => undefined)));
  }

  async close(): Promise<void> {
    for (const redis of [this.commands, ...this.extra]) redis.disconnect();
  }
}

/** Retry-After (seconds) of a 503 for shared state that could not be read or written: Redis reconnects within 2 s. */
export const SHARED_STATE_RETRY_SECONDS = 5;

/** Shared state could not be read or written (Redis down): the request is answered 503 with Retry-After. */
export class SharedStateUnavailable extends Error {
  constructor(cause: unknown) {
    super('Shared state unavailable', { cause });
    this.name = 'SharedStateUnavailable';
  }
}
