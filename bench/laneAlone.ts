// The fast lane alone (issue 25): CPU per answer of `FastLane.answer()` on Node's own request and
// response objects without a socket (the socket's one write, the same for every variant, left out),
// this checkout's lane against another copy's (`--compare <folder>` holding its packages/server, as
// serverFastPath.ts takes it), in alternating rounds of one process. Beside them, Node's least:
// a response with the floor's 2 headers. See bench/README.md ("Fast path").
//   node --conditions=@cairn/source --import tsx bench/laneAlone.ts --compare .scratch/base [--rounds 21] [--requests 20000]
import { IncomingMessage, ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { repoRoot } from './lib/paths.ts';

const { values: args } = parseArgs({
  options: {
    compare: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '21' },
    requests: { type: 'string', default: '20000' },
  },
});
const rounds = Number(args.rounds);
const requests = Number(args.requests);
const PROJECT = 'cairn-local';
const URL_ASKED = `/v1/account/${TEST_ACCOUNTS[0]!.address}/balance?chainId=eip155:31337&currency=usd&projectId=${PROJECT}&st=bench&sv=1`;
const HOST = '127.0.0.1:26887';
const BODY = JSON.stringify({ balances: [{ symbol: 'ETH', amount: '10000', padding: 'x'.repeat(1200) }] });
const ROUTE_HEADERS = ['cache-control', 'private, max-age=30', 'content-type', 'application/json; charset=utf-8'];

/** A connection's socket as the lane reads it: its peer's address and port, no file descriptor. */
const socket = new Socket();
Object.defineProperties(socket, { remoteAddress: { value: '127.0.0.1' }, remotePort: { value: 40_000 } });

function request(): IncomingMessage {
  const made = new IncomingMessage(socket);
  made.method = 'GET';
  made.url = URL_ASKED;
  made.httpVersionMajor = 1;
  made.httpVersionMinor = 1;
  made.httpVersion = '1.1';
  // As Node's parser hands a request its headers (the `headers` getter reads them from there).
  (made as unknown as { _addHeaderLines(headers: string[], count: number): void })._addHeaderLines(['Host', HOST, 'User-Agent', 'autocannon'], 4);
  return made;
}

type Lane = { answer(request: IncomingMessage, response: ServerResponse): boolean };

/** A lane of the sources under `root`, opened with the parts createServer gives it, its log written to /dev/null. */
async function laneOf(root: string): Promise<Lane> {
  const http = join(root, 'packages/server/src/http');
  const { FastLane } = await import(join(http, 'fastLane.ts'));
  const { requestIds } = await import(join(http, 'requestIds.ts'));
  const { clientAddress } = await import(join(http, 'clientAddress.ts'));
  const { WindowCounts } = await import(join(http, 'windowCounts.ts'));
  const { corsHeaders } = await import(join(http, 'cors.ts'));
  const { requestLogLines } = await import(join(http, 'requestLog.ts'));
  const { bufferedLog } = await import(join(http, 'bufferedLog.ts'));
  const { openSync } = await import('node:fs');
  const limit = (max: number) => {
    const counts = new WindowCounts(60_000, 100_000);
    return { max, count: (key: string) => counts.hit(key), check: () => false };
  };
  const app = { log: { level: 'info' } };
  const lane = new FastLane();
  lane.open({
    requestId: requestIds(),
    address: clientAddress(false),
    perIp: limit(100_000_000),
    perProject: limit(100_000_000),
    cors: corsHeaders(['https://shop.example']),
    log: requestLogLines(app, bufferedLog(openSync('/dev/null', 'w'))),
  });
  const asked = { method: 'GET', protocol: 'http', host: HOST, url: URL_ASKED, routeOptions: { config: {} } };
  lane.remember(asked, PROJECT, ROUTE_HEADERS, () => BODY);
  return lane;
}

/** Node's least for the same answer: the request and response objects, the floor's 2 headers, the body. */
const nodeLeast: Lane = {
  answer(_request, response) {
    response.writeHead(200, ['content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(BODY))]);
    response.end(BODY);
    return true;
  },
};

const variants: [string, Lane][] = [['this checkout', await laneOf(repoRoot)]];
for (const folder of args.compare ?? []) variants.push([folder, await laneOf(resolve(repoRoot, folder))]);
variants.push(["Node's least (2 headers, no lane)", nodeLeast]);

function round(lane: Lane): number {
  const from = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const asked = request();
    const response = new ServerResponse(asked);
    if (!lane.answer(asked, response)) throw new Error('the lane left a kept URL to Fastify');
  }
  const spent = process.cpuUsage(from);
  return (spent.user + spent.system) / requests;
}

const loadAtStart = loadavg()[0]!;
const results = variants.map(() => [] as number[]);
// Warm-up: each variant's code optimized before the measured rounds.
for (const [, lane] of variants) round(lane);
for (let r = 0; r < rounds; r++) variants.forEach(([, lane], i) => results[i]!.push(round(lane)));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
console.log(`\n${rounds} alternating rounds of ${requests} answers; load average ${loadAtStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}\n`);
console.log('| variant | median µs CPU per answer | least | quartiles |');
console.log('| --- | --- | --- | --- |');
variants.forEach(([name], i) => {
  const values = sorted(results[i]!);
  const at = (q: number) => values[Math.floor(q * (values.length - 1))]!.toFixed(2);
  console.log(`| ${name} | ${at(0.5)} | ${at(0)} | ${at(0.25)}–${at(0.75)} |`);
});
