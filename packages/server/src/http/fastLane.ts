import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { logSafeUrl } from '../relay/logSafeUrl.ts';
import type { ClientAddress } from './clientAddress.ts';
import { clientNetwork } from './clientNetwork.ts';
import { lastResultOf } from './lastResultOf.ts';
import { headerLines, writePreparedHead } from './preparedHead.ts';
import { RATE_LIMIT_TEXT, budgetLines, secondsLeft, type CountedLimit } from './rateLimits.ts';
import { completedTail, type requestLogLines } from './requestLog.ts';
import type { WindowCount } from './windowCounts.ts';
import { errorBody } from './errors.ts';

/** What the lane does as Fastify's hooks do: the same id generator, addresses, limits' counts, CORS headers and log lines. */
export interface FastLaneParts {
  requestId(request: IncomingMessage): string;
  address: ClientAddress;
  perIp?: CountedLimit<unknown>;
  perProject?: CountedLimit<unknown>;
  /** The CORS headers for a request's Origin: the same list each time for the same origin (made once per origin, corsHeaders). */
  cors(origin: string | undefined): readonly string[];
  log: ReturnType<typeof requestLogLines>;
}

/** How many URLs' answers the lane keeps at once (the oldest kept is dropped first). */
export const KEPT_ANSWERS = 10_000;

/**
 * A longer URL is left to Fastify: a stranger's junk query parameters (which the routes' schemas
 * let through) would otherwise make each kept key up to Node's 16 kB of header, 10,000 of them.
 * A real balance or identity URL is under 300 characters.
 */
export const KEPT_URL_MAX_LENGTH = 1024;

/**
 * The host is part of a kept key too, and a stranger chooses it (the Host header, or X-Forwarded-Host
 * through a proxy): a longer one is left to Fastify. A DNS name is at most 253 characters, and a port.
 */
export const KEPT_HOST_MAX_LENGTH = 260;

const JSON_TYPE = 'application/json; charset=utf-8';

interface Kept {
  projectId: string;
  /** The route's own headers on its answer (cache-control, content-type), as checked lines (headerLines). */
  lines: string;
  /** The answer's bytes while the route's cache holds them, else undefined. */
  body: () => string | undefined;
  /** The log line's part for this URL and host (requestLogLines' requestPart), made once. */
  logPart: string;
  /** The last body sent and its length in bytes (a cached body is the same string each time). */
  lastBody?: string;
  lastLength?: string;
}

/**
 * The fast lane (issue 25): a cached read asked again at a URL that a route answered from its
 * cache before is answered here, as the raw request arrives, before Fastify builds its request and
 * reply, routes, runs its hooks and validates the query. The URL (with the host and protocol it was
 * asked on) passed the project check and the route's schema when Fastify answered it, and its
 * answer depends on nothing else but the cache (the route says so by remembering it), so only what
 * varies per request is done here: the request id, the per-IP and per-project limits (the same
 * counts, the same 429s and headers), CORS (the same headers), the route's answer, the log line.
 * Anything else (another method, an upgrade, a body, a URL not kept, an answer no longer cached, a
 * server closing) goes to Fastify, which answers it as before: a kept URL's first refusal is its
 * limit's 429, never a different answer than Fastify's.
 */
export class FastLane {
  private readonly kept = new Map<string, Kept>();
  private closing = false;
  private parts: FastLaneParts | undefined;
  private budget: ReturnType<typeof budgetLines> | undefined;
  /** Each of parts.cors's lists (one per listed origin, one for the rest) as checked lines, made once. */
  private readonly corsLines = new Map<readonly string[], string>();
  /** A connection's requests come from one address: its network is kept from the request before (0.04 µs → 0.01). */
  private readonly network = lastResultOf(clientNetwork);
  /** How many requests the lane answered (tests and the bench read it). */
  answered = 0;

  /** How many URLs it keeps now. */
  get keptCount(): number {
    return this.kept.size;
  }

  /** The lane answers once it has its parts (made after the server, as its hooks are). */
  open(parts: FastLaneParts): void {
    this.parts = parts;
    if (parts.perIp) this.budget = budgetLines(parts.perIp.max);
  }

  /** From now on every request goes to Fastify (which answers 503 while the server closes). */
  close(): void {
    this.closing = true;
    this.kept.clear();
  }

  /**
   * `request` was answered from the route's cache; its URL may be answered again here while `body`
   * gives the bytes. Only a route the per-IP limit counts (no limit of its own) and whose answer
   * depends on the URL, host and protocol alone may remember one.
   */
  remember(request: FastifyRequest, projectId: string, headers: readonly string[], body: () => string | undefined): void {
    if (this.closing || this.parts === undefined || request.method !== 'GET' || request.routeOptions.config.rateLimit !== undefined) return;
    if (request.url.length > KEPT_URL_MAX_LENGTH || request.host.length > KEPT_HOST_MAX_LENGTH) return;
    const key = `${request.protocol}://${request.host}${request.url}`;
    if (this.kept.size >= KEPT_ANSWERS && !this.kept.has(key)) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { projectId, lines: headerLines(headers), body, logPart: this.parts.log.requestPart('GET', JSON.stringify(logSafeUrl(request.url)), JSON.stringify(request.host)) });
  }

  /** Answers the request (true) when it asks a kept URL whose answer is still cached; false leaves it to Fastify. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const parts = this.parts;
    if (this.closing || parts === undefined || request.method !== 'GET' || request.headers.upgrade !== undefined || hasBody(request)) return false;
    // writeHead's one rule the prepared head does not repeat (keep-alive after an unsent 100 Continue).
    if (request.headers.expect !== undefined) return false;
    const { address } = parts;
    // One key of protocol, host and URL: looked up as origin, then URL (two maps), it cost the same
    // (~0.6 µs at load 35, the URL's hash most of it; issue 25, s19).
    const key = `${address.protocol(request)}://${address.host(request)}${request.url}`;
    const kept = this.kept.get(key);
    if (kept === undefined) return false;
    const body = kept.body();
    if (body === undefined) {
      this.kept.delete(key);
      return false;
    }
    this.answered++;
    const started = performance.now();
    const id = parts.requestId(request);
    const ip = address.ip(request);
    const exchange = { parts, request, response, kept, body, id, ip, started };
    const perIp = parts.perIp;
    const counted = perIp?.count(this.network(ip ?? ''));
    // While Redis is down a read goes through, uncounted (open), as the per-IP check lets it.
    if (counted instanceof Promise) counted.then((count) => this.afterPerIp(exchange, count), () => this.afterPerIp(exchange, undefined));
    else this.afterPerIp(exchange, counted);
    return true;
  }

  private afterPerIp(exchange: Exchange, count: WindowCount | undefined): void {
    const { parts } = exchange;
    // Every value here is checked once (headerLines) or needs no check: requestIds gives [\w.:-] only, and digits.
    let lines = `x-request-id: ${exchange.id}\r\n`;
    const perIp = parts.perIp;
    if (perIp && count) {
      lines += this.budget!(count);
      // Refused before CORS, as the arrival checks refuse it (their order: id, body, limit, CORS).
      if (count.current > perIp.max) return this.refuse(exchange, lines, count);
    }
    lines += this.corsLinesOf(exchange.request.headers.origin);
    const perProject = parts.perProject;
    const counted = perProject?.count(exchange.kept.projectId);
    if (counted instanceof Promise) counted.then((projectCount) => this.afterPerProject(exchange, lines, projectCount), () => this.afterPerProject(exchange, lines, undefined));
    else this.afterPerProject(exchange, lines, counted);
  }

  private corsLinesOf(origin: string | undefined): string {
    const pairs = this.parts!.cors(origin);
    let lines = this.corsLines.get(pairs);
    if (lines === undefined) this.corsLines.set(pairs, (lines = headerLines(pairs)));
    return lines;
  }

  private afterPerProject(exchange: Exchange, lines: string, count: WindowCount | undefined): void {
    if (count && count.current > exchange.parts.perProject!.max) return this.refuse(exchange, lines, count);
    const { kept, body } = exchange;
    if (kept.lastBody !== body) {
      kept.lastBody = body;
      kept.lastLength = String(Buffer.byteLength(body));
    }
    this.send(exchange, 200, lines + kept.lines, kept.lastLength!, body);
  }

  private refuse(exchange: Exchange, lines: string, count: WindowCount): void {
    const seconds = secondsLeft(count);
    const body = JSON.stringify(errorBody(429, RATE_LIMIT_TEXT(seconds)));
    // As on Fastify's refusals (refusedBodies.ts: the request is still arriving when it is refused):
    // no Connection header, the connection stays open.
    exchange.response.removeHeader('connection');
    this.send(exchange, 429, `${lines}retry-after: ${seconds}\r\ncontent-type: ${JSON_TYPE}\r\n`, String(Buffer.byteLength(body)), body);
  }

  private send({ parts, request, response, kept, id, ip, started }: Exchange, status: number, lines: string, contentLength: string, body: string): void {
    writePreparedHead(response, status, lines, contentLength);
    response.end(body);
    const { log } = parts;
    if (log.enabled()) log.write(id, kept.logPart, ip, request.socket.remotePort, completedTail(status, performance.now() - started));
  }
}

interface Exchange {
  parts: FastLaneParts;
  request: IncomingMessage;
  response: ServerResponse;
  kept: Kept;
  body: string;
  id: string;
  ip: string | undefined;
  started: number;
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts and limits), whose
 * requests meet the fast lane (once there is one) before Fastify's routing.
 */
export function serverWithFastLane(lane: FastLane) {
  return (routing: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions): Server => {
    const server = createServer((options as { http?: ServerOptions }).http ?? {}, (request, response) => {
      if (!lane.answer(request, response)) routing(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
