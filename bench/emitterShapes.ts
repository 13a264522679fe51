// Issue 25, s22: does Node's own HTTP work cost more in a process whose event and stream code has
// seen many object shapes (as the server's, with Fastify's, ws's, undici's, pino's emitters)?
// Two child processes side by side, one clean and one that first makes and uses `--kinds`
// subclasses of EventEmitter and the stream classes, each timing the same work in rounds by its
// own CPU: Node's request and response objects without a socket (`objects`), and the whole HTTP
// path with an http server and raw keep-alive clients in one process (`http`). See bench/README.md
// ("Tenth look").
//
//   node --import tsx bench/emitterShapes.ts [--kinds 40] [--rounds 15] [--requests 20000]
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { Duplex, PassThrough, Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { nodeObjectsRound } from './lib/nodeObjectsRound.ts';

const BODY = 'x'.repeat(1276);
const HEADERS = ['x-request-id', 'abc-1', 'x-ratelimit-limit', '100', 'x-ratelimit-remaining', '99', 'x-ratelimit-reset', '60', 'cache-control', 'public, max-age=30', 'content-type', 'application/json; charset=utf-8', 'content-length', String(BODY.length)];
const REQUEST = 'GET /v1/account/0xabc/balance?chainId=eip155:31337&currency=usd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const CLIENTS = 10;

/** `kinds` classes over EventEmitter and the stream classes, 50 objects of each used once: on, once, emit, removeListener. */
function makeShapes(kinds: number): void {
  const bases: (new () => EventEmitter)[] = [EventEmitter, Readable, Writable, Duplex, PassThrough];
  for (let k = 0; k < kinds; k++) {
    const Base = bases[k % bases.length]!;
    const Kind = class extends Base {
      readonly kind = k;
    };
    for (let i = 0; i < 50; i++) {
      const emitter = new Kind();
      const listener = () => {};
      emitter.on('close', listener);
      emitter.once('y', listener);
      emitter.emit('y');
      emitter.removeListener('close', listener);
    }
  }
}

const cpuMicros = (from: NodeJS.CpuUsage) => {
  const spent = process.cpuUsage(from);
  return spent.user + spent.system;
};

const objectsRound = (n: number) => nodeObjectsRound(n, HEADERS, BODY);

/** `n` requests through an http server on loopback from raw keep-alive clients in this process: CPU µs per request. */
async function httpRounds(rounds: number, n: number): Promise<number[]> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, HEADERS);
    response.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const answerSize = await new Promise<number>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(REQUEST));
    let got = '';
    socket.on('data', (data) => {
      got += data.toString('latin1');
      const head = got.indexOf('\r\n\r\n');
      if (head >= 0 && got.length >= head + 4 + BODY.length) {
        socket.destroy();
        resolve(got.length);
      }
    });
  });
  const round = () =>
    new Promise<number>((resolve) => {
      let left = n;
      let closed = 0;
      const from = process.cpuUsage();
      for (let c = 0; c < CLIENTS; c++) {
        const socket = net.connect(port, '127.0.0.1');
        let pending = 0;
        const ask = () => {
          if (left-- > 0) return void socket.write(REQUEST);
          socket.destroy();
          if (++closed === CLIENTS) resolve(cpuMicros(from) / n);
        };
        socket.on('connect', ask);
        socket.on('data', (data) => {
          pending += data.length;
          for (; pending >= answerSize; pending -= answerSize) ask();
        });
      }
    });
  await round();
  const results: number[] = [];
  for (let r = 0; r < rounds; r++) results.push(await round());
  server.close();
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (process.env.EMITTER_SHAPES_CHILD) {
  const { kinds, rounds, requests, measure } = JSON.parse(process.env.EMITTER_SHAPES_CHILD) as { kinds: number; rounds: number; requests: number; measure: 'objects' | 'http' };
  makeShapes(kinds);
  let results: number[];
  if (measure === 'objects') {
    for (let i = 0; i < 3; i++) objectsRound(requests);
    results = [];
    for (let r = 0; r < rounds; r++) results.push(objectsRound(requests));
  } else {
    results = await httpRounds(rounds, requests);
  }
  process.stdout.write(JSON.stringify(results));
} else {
  const { values } = parseArgs({ options: { kinds: { type: 'string', default: '40' }, rounds: { type: 'string', default: '15' }, requests: { type: 'string', default: '20000' } } });
  const [kinds, rounds, requests] = [Number(values.kinds), Number(values.rounds), Number(values.requests)];
  if (![kinds, rounds, requests].every((value) => Number.isInteger(value) && value > 0)) throw new Error('--kinds, --rounds and --requests take positive integers');
  const child = (measure: 'objects' | 'http', childKinds: number) =>
    new Promise<number[]>((resolve, reject) => {
      const started = spawn(process.execPath, [...process.execArgv, process.argv[1]!], { env: { ...process.env, EMITTER_SHAPES_CHILD: JSON.stringify({ kinds: childKinds, rounds, requests, measure }) }, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      started.stdout.on('data', (data) => (out += data));
      started.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`${measure} child exited ${code}`))));
    });
  for (const measure of ['objects', 'http'] as const) {
    // Side by side, so that both see the same machine.
    const [clean, shaped] = await Promise.all([child(measure, 0), child(measure, kinds)]);
    const line = (name: string, results: number[]) => `${name}: median ${median(results).toFixed(2)} µs, least ${Math.min(...results).toFixed(2)}`;
    console.log(`${measure} (${rounds} rounds of ${requests}): ${line('clean', clean)}; ${line(`${kinds} emitter classes first`, shaped)}`);
  }
}
