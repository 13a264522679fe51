import rateLimit from '@fastify/rate-limit';
import { ErrorText } from '@cairn/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config.ts';
import { clientNetwork } from './clientNetwork.ts';
import { sharedRateLimitStore } from '../redis/sharedRateLimitStore.ts';
import { ApiError } from './errors.ts';

const MINUTE_MS = 60_000;
/** Clients remembered at once per limiter (least recently seen dropped first): memory stays bounded. */
const TRACKED_CLIENTS = 20_000;

/**
 * SPEC §8's one text for "not yet" ('Please try again after {n} seconds'): the e-mail login's
 * cooldown says it, and so does every rate limit, so a visitor reads one wording for one answer.
 */
export const RATE_LIMIT_TEXT = ErrorText.emailLoginTooSoon;

/**
 * The per-IP limit on every route (429 with Retry-After, which the widget's retry honours). Keyed by
 * the client's network (clientNetwork: an IPv4 address, an IPv6 /64) of request.ip, which follows
 * X-Forwarded-For only as far as TRUST_PROXY allows. Registered before the routes, so routes can
 * set their own limits (`config.rateLimit`), which share this key.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimitConfig, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    // With REDIS_URL every replica counts in Redis. While it is down a read goes through (open);
    // the login limits (LOGIN_LIMIT, sharedRateLimit's 'refuse') answer 503 instead (closed).
    ...(redis ? { store: sharedRateLimitStore(redis), skipOnError: true } : {}),
    // RATE_LIMIT_PER_MINUTE=0 turns the per-IP limit off; routes' own limits (nonces) still hold.
    global: limits.perIp > 0,
    max: Math.max(1, limits.perIp),
    timeWindow: MINUTE_MS,
    cache: TRACKED_CLIENTS,
    keyGenerator: (request) => clientNetwork(request.ip),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, error: 'Too Many Requests', message: RATE_LIMIT_TEXT(Math.ceil(context.ttl / 1000)) }),
  });
}

/**
 * A login route's own per-IP limit (nonces, e-mail codes, social starts): while the shared count
 * cannot be taken (Redis down) the request is refused with 503 rather than let through.
 */
export function loginLimit(max: number) {
  return { max, timeWindow: MINUTE_MS, skipOnError: false };
}

/** What a shared limit does when its count cannot be taken (Redis down): let the request through, or refuse it (503). */
export type WhenUncounted = 'allow' | 'refuse';

/**
 * One limit shared by every client with the same key (a project, or all clients of a route), as a
 * hook to add beside the per-IP limit. (The plugin's own `rateLimit()` hook runs only one limiter
 * per request, so this one checks through `createRateLimit` and answers the 429 itself.)
 */
export function sharedRateLimit(app: FastifyInstance, name: string, max: number, key: (request: FastifyRequest) => string | undefined, whenUncounted: WhenUncounted = 'refuse') {
  const check = app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (request) => `${name}:${key(request) ?? ''}`, skipOnError: whenUncounted === 'allow' });
  return async function sharedRateLimitHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new ApiError(429, RATE_LIMIT_TEXT(result.ttlInSeconds));
  };
}

/** The projectId a data-API request names (query, or a POST's JSON body), as requireProjectAccess reads it. */
export function requestProjectId(request: FastifyRequest): string | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  const projectId = query.projectId ?? (body && typeof body === 'object' ? body.projectId : undefined);
  return typeof projectId === 'string' ? projectId : undefined;
}
