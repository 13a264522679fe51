import rateLimit from '@fastify/rate-limit';
import { ErrorText } from '@cairn/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, preValidationHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config.ts';
import { clientNetwork } from './clientNetwork.ts';
import { redisWindowCounts, sharedRateLimitStore } from '../redis/sharedRateLimitStore.ts';
import type { ArrivalCheck } from './arrivalChecks.ts';
import { ApiError, errorBody } from './errors.ts';
import { WindowCounts, type CountHit, type WindowCount } from './windowCounts.ts';

const MINUTE_MS = 60_000;
/** Clients remembered at once per limiter: memory stays bounded. */
const TRACKED_CLIENTS = 20_000;

/**
 * SPEC §8's one text for "not yet" ('Please try again after {n} seconds'): the e-mail login's
 * cooldown says it, and so does every rate limit, so a visitor reads one wording for one answer.
 */
export const RATE_LIMIT_TEXT = ErrorText.emailLoginTooSoon;

declare module 'fastify' {
  interface FastifyInstance {
    /** A named limit's counts: in Redis with REDIS_URL (every replica counts against one), else in memory. */
    limitCounts(name: string): CountHit;
  }
}

/**
 * The per-IP limit on every route (429 with Retry-After, which the widget's retry honours). Keyed by
 * the client's network (clientNetwork: an IPv4 address, an IPv6 /64) of request.ip, which follows
 * X-Forwarded-For only as far as TRUST_PROXY allows. A route with a limit of its own
 * (`config.rateLimit`: login routes, images) is counted by @fastify/rate-limit instead, under the
 * same key; `rateLimit: false` is counted by neither.
 *
 * The per-IP limit and sharedRateLimit count here, at once when the count is in memory: the
 * plugin's chain of promises per request was a large part of the cached balance route's cost
 * (issue 25). Returns the per-IP limit (its check, see arrivalChecks.ts), none when it is off.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimitConfig, redis?: Redis): Promise<CountedLimit<ArrivalCheck> | undefined> {
  app.decorate('limitCounts', (name: string): CountHit => {
    if (redis) return redisWindowCounts(redis, name, MINUTE_MS);
    const counts = new WindowCounts(MINUTE_MS, TRACKED_CLIENTS);
    return (key) => counts.hit(key);
  });
  await app.register(rateLimit, {
    // With REDIS_URL every replica counts in Redis. While it is down a login limit (LOGIN_LIMIT)
    // answers 503 (closed); a route's other limit lets the request through (open).
    ...(redis ? { store: sharedRateLimitStore(redis), skipOnError: true } : {}),
    global: false,
    timeWindow: MINUTE_MS,
    cache: TRACKED_CLIENTS,
    keyGenerator: (request) => clientNetwork(request.ip),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, error: 'Too Many Requests', message: RATE_LIMIT_TEXT(Math.ceil(context.ttl / 1000)) }),
  });
  // RATE_LIMIT_PER_MINUTE=0 turns the per-IP limit off; routes' own limits (nonces) still hold.
  return limits.perIp > 0 ? perClientLimit(limits.perIp, app.limitCounts('ip')) : undefined;
}

/** A limit's hook or check, with its maximum and its counts (the fast lane counts with them too). */
export interface CountedLimit<Check> {
  check: Check;
  max: number;
  count: CountHit;
}

/** The seconds a window has left, as Retry-After and x-ratelimit-reset say them. */
export const secondsLeft = ({ ttl }: WindowCount) => Math.ceil(ttl / 1000);

/** 0 to 60 as text, made once: a window is a minute, so a reset in seconds is one of them. */
const SECONDS_TEXT = Array.from({ length: 61 }, (_, seconds) => String(seconds));

/**
 * The per-IP budget's headers on an answer, x-ratelimit-limit, -remaining and -reset, pushed onto a
 * flat list (name, value, ...). The limit's text is made once and the reset's taken from a table:
 * as an array of pairs converted per request they cost ~0.23 µs, this ~0.14 (medians at load 15; issue 25, s19).
 */
export function budgetHeaders(max: number): (headers: string[], count: WindowCount) => void {
  const maxText = String(max);
  return (headers, count) => {
    const seconds = secondsLeft(count);
    const remaining = max - count.current;
    headers.push('x-ratelimit-limit', maxText, 'x-ratelimit-remaining', remaining > 0 ? String(remaining) : '0', 'x-ratelimit-reset', SECONDS_TEXT[seconds] ?? String(seconds));
  };
}

/**
 * The same three headers as budgetHeaders, as header lines (`name: value\r\n`) for the fast lane's
 * prepared head: the limit's line made once, the reset's from a table, only the budget left written
 * per request (issue 25, s26).
 */
export function budgetLines(max: number): (count: WindowCount) => string {
  const limitLine = `x-ratelimit-limit: ${max}\r\nx-ratelimit-remaining: `;
  const resetLines = SECONDS_TEXT.map((seconds) => `\r\nx-ratelimit-reset: ${seconds}\r\n`);
  return (count) => {
    const seconds = secondsLeft(count);
    const remaining = max - count.current;
    return `${limitLine}${remaining > 0 ? remaining : 0}${resetLines[seconds] ?? `\r\nx-ratelimit-reset: ${seconds}\r\n`}`;
  };
}

function perClientLimit(max: number, count: CountHit): CountedLimit<ArrivalCheck> {
  const pushBudget = budgetHeaders(max);
  /** Sets the budget's headers; past the limit answers 429 (true). */
  const answer = (reply: FastifyReply, counted: WindowCount): boolean => {
    const headers: string[] = [];
    pushBudget(headers, counted);
    for (let i = 0; i < headers.length; i += 2) void reply.header(headers[i]!, headers[i + 1]);
    if (counted.current <= max) return false;
    const seconds = secondsLeft(counted);
    void reply.code(429).header('retry-after', seconds).send(errorBody(429, RATE_LIMIT_TEXT(seconds)));
    return true;
  };
  return { max, count, check: perClientLimitCheck };
  function perClientLimitCheck(request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> {
    if (request.routeOptions.config.rateLimit !== undefined) return false;
    const counted = count(clientNetwork(request.ip));
    if (!(counted instanceof Promise)) return answer(reply, counted);
    // While Redis is down a read goes through, uncounted (open).
    return counted.then((result) => answer(reply, result), () => false);
  }
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
 * hook to add beside the per-IP limit: 429 with Retry-After past it.
 */
export function sharedRateLimit(app: FastifyInstance, name: string, max: number, key: (request: FastifyRequest) => string | undefined, whenUncounted: WhenUncounted = 'refuse') {
  return countedSharedRateLimit(app, name, max, key, whenUncounted).check;
}

/** sharedRateLimit, with its maximum and its counts. */
export function countedSharedRateLimit(app: FastifyInstance, name: string, max: number, key: (request: FastifyRequest) => string | undefined, whenUncounted: WhenUncounted = 'refuse'): CountedLimit<preValidationHookHandler> {
  const count = app.limitCounts(name);
  const answer = (reply: FastifyReply, done: HookHandlerDoneFunction, counted: WindowCount) => {
    if (counted.current <= max) return done();
    const seconds = secondsLeft(counted);
    void reply.header('retry-after', String(seconds));
    done(new ApiError(429, RATE_LIMIT_TEXT(seconds)));
  };
  return { max, count, check: sharedRateLimitHook };
  function sharedRateLimitHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    let counted: WindowCount | Promise<WindowCount>;
    try {
      counted = count(key(request) ?? '');
    } catch (error) {
      return done(error as Error);
    }
    if (!(counted instanceof Promise)) return answer(reply, done, counted);
    counted.then(
      (result) => answer(reply, done, result),
      (error: Error) => (whenUncounted === 'allow' ? done() : done(error)),
    );
  }
}

/** The projectId a data-API request names (query, or a POST's JSON body), as requireProjectAccess reads it. */
export function requestProjectId(request: FastifyRequest): string | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  const projectId = query.projectId ?? (body && typeof body === 'object' ? body.projectId : undefined);
  return typeof projectId === 'string' ? projectId : undefined;
}
