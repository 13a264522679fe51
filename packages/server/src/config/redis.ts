import { ConfigError } from './configError.ts';
import type { Env } from './readers.ts';

/** REDIS_URL: state the replicas share (relay, rate limits, caches); absent, each process keeps its own. */
export function redisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('REDIS_URL', 'is not a valid redis:// URL');
  }
  // A URL's password is never repeated.
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new ConfigError('REDIS_URL', `must be redis://… or rediss://…, got "${url.protocol}"`);
  return raw;
}
