// Bench only (issue 25, s20): the bare Fastify floor as a module, so that it can run inside the
// server's own process (`node --import tsx --import ./bench/lib/inProcessFloor.ts .../cli.ts`: the
// same modules loaded, the same heap, the same timers) or alone, started as the server is (tsx,
// NODE_ENV=production). Measured against the floor of its own process, it says what the larger
// process costs a request that none of Cairn's code touches.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { nodeObjectsRound } from './nodeObjectsRound.ts';

const port = Number(process.env.IN_PROCESS_FLOOR_PORT);
const bodyFile = process.env.IN_PROCESS_FLOOR_BODY;
const contentType = process.env.IN_PROCESS_FLOOR_TYPE ?? 'application/json; charset=utf-8';
if (!(port > 0) || !bodyFile) throw new Error('IN_PROCESS_FLOOR_PORT and IN_PROCESS_FLOOR_BODY (a file the bench writes the answer into) are required');

// The answer's bytes are known only once the server has answered the balance: read on first use.
let body: string | undefined;
const app = Fastify({ logger: false });
app.route({ method: 'GET', url: '/', handler: async (_request, reply) => reply.type(contentType).send((body ??= readFileSync(bodyFile, 'utf8'))) });
// The same route's work without a socket or the scheduler's hand-offs: `n` requests made one after
// another with Fastify's inject, the process's CPU per request (µs) answered. Run in a process of
// its own and inside the server, alternating (bench/floorProcessInject.ts), it compares the two
// processes' cost of the very same JavaScript with no socket, load generator or wake-up in it.
app.route({
  method: 'GET',
  url: '/inject',
  handler: async (request) => {
    const n = Math.min(Math.max(Number((request.query as { n?: string }).n) || 10_000, 1), 1_000_000);
    const from = process.cpuUsage();
    for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: '/' });
    const spent = process.cpuUsage(from);
    return { n, cpuMicrosPerRequest: (spent.user + spent.system) / n };
  },
});
// Node's own request and response objects made and answered without a socket or Fastify (as the
// fast lane answers, before Fastify): whether Node's http code alone is dearer inside the server (s27).
const LANE_HEADERS = ['x-request-id', 'abc-1', 'x-ratelimit-limit', '100', 'x-ratelimit-remaining', '99', 'x-ratelimit-reset', '60', 'cache-control', 'public, max-age=30', 'content-type', contentType];
app.route({
  method: 'GET',
  url: '/objects',
  handler: async (request) => {
    const n = Math.min(Math.max(Number((request.query as { n?: string }).n) || 10_000, 1), 1_000_000);
    body ??= readFileSync(bodyFile, 'utf8');
    const headers = [...LANE_HEADERS, 'content-length', String(Buffer.byteLength(body))];
    return { n, cpuMicrosPerRequest: nodeObjectsRound(n, headers, body) };
  },
});
await app.listen({ port, host: '127.0.0.1' });
// Alone, it exits rather than dies on the stop signal (so that a --cpu-prof profile is written);
// inside the server, the server's own handler ends the process.
if (process.env.IN_PROCESS_FLOOR_ALONE === '1') process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
