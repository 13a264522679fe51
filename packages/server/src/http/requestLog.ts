import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LogFn } from 'pino';
import { logSafeUrl } from '../relay/logSafeUrl.ts';
import type { ArrivalCheck } from './arrivalChecks.ts';

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
  const head = `{"level":${INFO},"time":`;
  const origin = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  // The method needs no JSON escaping: Node's parser takes only the methods it knows. The address
  // may come from X-Forwarded-For (TRUST_PROXY), so it is escaped like the caller's other texts.
  const write = (request: FastifyRequest, tail: string) => {
    const socket = request.raw.socket;
    stream.write(
      `${head}${Date.now()}${origin}${JSON.stringify(request.id)},"req":{"method":"${request.method}","url":${JSON.stringify(logSafeUrl(request.url))},` +
        `"host":${JSON.stringify(request.host)},"remoteAddress":${JSON.stringify(request.ip)},"remotePort":${socket?.remotePort ?? null}}${tail}\n`,
    );
  };
  const infoEnabled = () => (pino.levels.values[app.log.level] ?? Number.POSITIVE_INFINITY) <= INFO;
  app.addHook('onResponse', (request, reply: FastifyReply, done) => {
    if (infoEnabled()) write(request, `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}`);
    done();
  });
  return function requestId(request, reply) {
    // The id answers too, so a caller can quote it.
    void reply.header('x-request-id', request.id);
    if (request.headers.upgrade !== undefined && infoEnabled()) write(request, ',"msg":"incoming request"}');
    return false;
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
