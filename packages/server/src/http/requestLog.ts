import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LogFn } from 'pino';
import { logSafeUrl } from '../relay/logSafeUrl.ts';
import type { ArrivalCheck } from './arrivalChecks.ts';
import { lastResultOf } from './lastResultOf.ts';

/** pino's number for level info. */
const INFO = 30;

/**
 * Each answer carries its request's id (x-request-id), and the log one line per request, when
 * it is answered (Fastify's default is two: in and out); a websocket's upgrade is answered only
 * when it closes, so its line is written as it comes in.
 * The line is pino's own shape (level, time, pid, hostname, reqId, req, res, responseTime, msg),
 * written by hand into the logger's stream: pino's generic serialization of it was the largest
 * part of the cached balance route's cost beyond bare Fastify (issue 25). A relay client's JWT
 * (?auth=) never reaches it, whatever path a misconfigured relayUrl sent it to. Returns the check
 * that puts the id on the answer as the request arrives (see arrivalChecks.ts).
 */
export function registerRequestLog(app: FastifyInstance, stream: { write(line: string): void }): ArrivalCheck {
  const lines = requestLogLines(app, stream);
  const write = (request: FastifyRequest, tail: string) =>
    lines.write(request.id, lines.requestPart(request.method, JSON.stringify(logSafeUrl(request.url)), JSON.stringify(request.host)), request.ip, request.raw.socket?.remotePort, tail);
  app.addHook('onResponse', (request, reply: FastifyReply, done) => {
    if (lines.enabled()) write(request, completedTail(reply.statusCode, reply.elapsedTime));
    done();
  });
  return function requestId(request, reply) {
    // The id answers too, so a caller can quote it.
    void reply.header('x-request-id', request.id);
    if (request.headers.upgrade !== undefined && lines.enabled()) write(request, ',"msg":"incoming request"}');
    return false;
  };
}

/** The end of an answered request's line: its status and how long it took (ms, to the µs). */
export const completedTail = (statusCode: number, ms: number) => `,"res":{"statusCode":${statusCode}},"responseTime":${millisText(ms)},"msg":"request completed"}`;

/**
 * Milliseconds as JSON's number to three decimals (µs), written from integers: a duration's
 * shortest round-trip text (0.12345678901234568) cost 2.4 µs a line, this 0.4 (at load 15; issue 25, s19).
 */
export function millisText(ms: number): string {
  if (!(ms >= 0 && ms < 1e9)) return Number.isFinite(ms) ? String(ms) : 'null';
  const micros = Math.round(ms * 1000);
  const fraction = micros % 1000;
  return `${(micros - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/**
 * Writes request lines (registerRequestLog's, and the fast lane's for the answers it gives). The
 * request's part between its id and its address (`requestPart`: method, URL and host, the URL made
 * safe to log by logSafeUrl) is made per URL by the lane, once; the line's start (level, time, pid,
 * hostname) once per millisecond: a line is 9 pieces joined, not 27 (issue 25, s26).
 */
export function requestLogLines(app: FastifyInstance, stream: { write(line: string): void }) {
  const origin = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;
  let startedAt = Number.NaN;
  let start = '';
  // A client's address repeats from line to line (its connection's requests): its JSON is kept.
  const addressJson = lastResultOf((ip: string | undefined) => (ip === undefined ? 'null' : JSON.stringify(ip)));
  return {
    /** Whether the log's level (which may change while the server runs) takes info lines. */
    enabled: () => (pino.levels.values[app.log.level] ?? Number.POSITIVE_INFINITY) <= INFO,
    // The method needs no JSON escaping: Node's parser takes only the methods it knows. The URL and
    // the host come as JSON already.
    requestPart: (method: string, urlJson: string, hostJson: string) => `","req":{"method":"${method}","url":${urlJson},"host":${hostJson},"remoteAddress":`,
    // The address may come from X-Forwarded-For (TRUST_PROXY), so it is escaped like the caller's
    // other texts. The id needs none: requestIds gives only word characters, '.', ':' and '-' (its test says so).
    write: (id: string, requestPart: string, ip: string | undefined, port: number | undefined, tail: string) => {
      const now = Date.now();
      if (now !== startedAt) {
        startedAt = now;
        start = `{"level":${INFO},"time":${now}${origin}`;
      }
      stream.write(`${start}${id}${requestPart}${addressJson(ip)},"remotePort":${port ?? null}}${tail}\n`);
    },
  };
}

/**
 * Fastify's `childLoggerFactory`: a request's logger (`request.log`) that makes pino's child (with
 * its reqId) only when a route first logs through it. Most requests log nothing but their one
 * line (registerRequestLog), and a child per request was a cost on the fast path.
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  // Set on the prototype below, once for all requests.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** pino's child, made on first use. */
  get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level() {
    return (this.made ?? this.parent).level;
  }

  set level(level) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  silent(): void {}
}

// Each level's method logs through the child (prototype methods: nothing is made per request).
for (const level of LEVELS) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
    Reflect.apply(this.logger[level], this.logger, args);
  };
}
