// The fast path's floor (issue 25, s20): --trace-gc counts and pauses per 10k requests, and CPU per
// request, for the bare Fastify floor as the bench runs it (node -e), alone as the server starts
// (tsx, production), inside the server's process, and the server's cached balance. See
// bench/README.md ("Ninth look"). AMOUNT (requests per run, 20000), ROUNDS (3), EXTRA_NODE (node flags).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, resultsDir } from './lib/paths.ts';
import { FLOOR_PROCESS_BODY, FLOOR_PROCESS_PORTS, floorAlone, serverWithFloorInside, shareTheAnswer } from './lib/serverWithFloorInside.ts';
import { loadavg } from 'node:os';
import { startDevnet } from '@cairn/devnet';
import { autocannon } from './lib/autocannon.ts';
import { waitFor } from './lib/benchServer.ts';
import { processCpuTimes } from './lib/processCpu.ts';
import { CHAIN_ID } from './lib/serverLoad.ts';
import { stopChild } from './lib/stopChild.ts';

const extra = (process.env.EXTRA_NODE ?? '').split(' ').filter(Boolean);
const amount = Number(process.env.AMOUNT ?? 20000);
const rounds = Number(process.env.ROUNDS ?? 3);
const bodyFile = FLOOR_PROCESS_BODY;
mkdirSync(join(resultsDir, 'fastpath'), { recursive: true });
const FLOOR = `
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.env.IN_PROCESS_FLOOR_BODY, 'utf8');
const app = Fastify({ logger: false });
app.route({ method: 'GET', url: '/', handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(body) });
await app.listen({ port: Number(process.env.IN_PROCESS_FLOOR_PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;
const lines = new Map<number, string[]>();
function run(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--trace-gc', ...extra, ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const kept: string[] = [];
  lines.set(child.pid!, kept);
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const line of parts) if (/ms: (Scavenge|Mark-Compact|Mark-sweep|Minor)/.test(line)) kept.push(line);
  });
  return child;
}
const devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID, port: FLOOR_PROCESS_PORTS.chain }] });
const children: ChildProcess[] = [];
try {
  const server = serverWithFloorInside('floor-process-gc');
  const cairn = run(server.args, server.env);
  children.push(cairn);
  const { balanceUrl } = server;
  await shareTheAnswer(balanceUrl, cairn);
  const plain = run(['--input-type=module', '-e', FLOOR], { IN_PROCESS_FLOOR_PORT: String(FLOOR_PROCESS_PORTS.floorPlain), IN_PROCESS_FLOOR_BODY: bodyFile });
  const tsx = run(floorAlone.args, floorAlone.env);
  children.push(plain, tsx);
  const cases = [
    { name: 'floor, plain node -e', url: `http://127.0.0.1:${FLOOR_PROCESS_PORTS.floorPlain}/`, child: plain },
    { name: 'floor alone, tsx production', url: `http://127.0.0.1:${FLOOR_PROCESS_PORTS.floorAlone}/`, child: tsx },
    { name: "floor inside Cairn's process", url: `http://127.0.0.1:${FLOOR_PROCESS_PORTS.floorInside}/`, child: cairn },
    { name: 'Cairn cached balance', url: balanceUrl, child: cairn },
  ];
  for (const c of cases) await waitFor(c.name, async () => ((await fetch(c.url)).ok ? true : undefined), c.child, 60_000);
  for (const c of cases) await autocannon()({ url: c.url, connections: 10, amount: 5000 });
  console.log(`load ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds of ${amount} requests, 10 connections, node ${extra.join(' ') || '(no extra flags)'}`);
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      await fetch(c.url);
      const kept = lines.get(c.child.pid!)!;
      const from = kept.length;
      const cpu0 = processCpuTimes(c.child.pid!);
      const r = await autocannon()({ url: c.url, connections: 10, amount });
      const cpu1 = processCpuTimes(c.child.pid!);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const gc = kept.slice(from);
      const pause = (kind: RegExp) => gc.filter((l) => kind.test(l)).reduce((sum, l) => sum + Number(/MB, ([\d.]+) \//.exec(l)?.[1] ?? 0), 0);
      const per10k = 10000 / r.requests.total;
      const scav = gc.filter((l) => /Scavenge/.test(l)).length;
      const major = gc.filter((l) => /Mark-Compact|Mark-sweep/.test(l)).length;
      const heap = /-> ([\d.]+) \(([\d.]+)\) MB/.exec(gc.at(-1) ?? '');
      console.log(`${round + 1} ${c.name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s ${((cpu1.user + cpu1.system - cpu0.user - cpu0.system) / r.requests.total).toFixed(1).padStart(6)} µs CPU/req | per 10k: ${(scav * per10k).toFixed(1)} scavenges ${(pause(/Scavenge/) * per10k).toFixed(1)} ms, ${(major * per10k).toFixed(2)} major ${(pause(/Mark/) * per10k).toFixed(1)} ms | heap ${heap?.[1]} (${heap?.[2]}) MB; ${gc.find((l) => /Scavenge/.test(l))?.slice(0, 0) ?? ''}`);
    }
  }
  for (const c of cases.slice(0, 3)) console.log(c.name, '| last scavenge line:', lines.get(c.child.pid!)!.filter((l) => /Scavenge/.test(l)).at(-1));
} finally {
  for (const c of children) await stopChild(c);
  await devnet.stop();
}
