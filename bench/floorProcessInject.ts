// The fast path's floor (issue 25, s20): the floor's route by Fastify's inject (no socket), in a
// process of its own and inside the server's, alternating; CPU per request. See bench/README.md
// ("Ninth look"). N (injects per round, 20000), ROUNDS (9), EXTRA_NODE (node flags for both),
// VARIANTS: more servers with the floor inside, each with settings added to its environment
// (`;` between servers, `,` between KEY=value pairs: `INDEXER_ENABLED=false;RELAY_ENABLED=false`),
// measured in the same rounds: which part of the server makes the floor's JavaScript dearer (s27);
// ALONE_IMPORTS: one more floor alone that first imports these modules (space-separated, e.g.
// `./packages/server/src/index.ts`: the server's code loaded, nothing started); MEASURE=objects
// times Node's request and response objects answered without a socket or Fastify instead (s27).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, resultsDir } from './lib/paths.ts';
import { FLOOR_PROCESS_PORTS, floorAlone, serverWithFloorInside, shareTheAnswer } from './lib/serverWithFloorInside.ts';
import { loadavg } from 'node:os';
import { startDevnet } from '@cairn/devnet';
import { waitFor } from './lib/benchServer.ts';
import { CHAIN_ID, settingsOf } from './lib/serverLoad.ts';
import { stopChild } from './lib/stopChild.ts';

const extra = (process.env.EXTRA_NODE ?? '').split(' ').filter(Boolean);
const n = Number(process.env.N ?? 20000);
const rounds = Number(process.env.ROUNDS ?? 9);
const measured = process.env.MEASURE ?? 'inject';
if (measured !== 'inject' && measured !== 'objects') throw new Error(`MEASURE is inject or objects: ${measured}`);
const variants = (process.env.VARIANTS ?? '').split(';').filter(Boolean).map((pairs) => ({ name: `inside Cairn, ${pairs}`, settings: settingsOf(pairs) }));
mkdirSync(join(resultsDir, 'fastpath'), { recursive: true });
const run = (args: string[], env: Record<string, string>) => spawn(process.execPath, [...extra, ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
const devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID, port: FLOOR_PROCESS_PORTS.chain }] });
const children: ChildProcess[] = [];
try {
  const server = serverWithFloorInside('floor-process-inject');
  const cairn = run(server.args, server.env);
  children.push(cairn);
  const { balanceUrl } = server;
  await shareTheAnswer(balanceUrl, cairn);
  const alone = run(floorAlone.args, floorAlone.env);
  children.push(alone);
  const cases = [
    { name: 'alone', url: `http://127.0.0.1:${FLOOR_PROCESS_PORTS.floorAlone}`, child: alone },
    { name: 'inside Cairn', url: `http://127.0.0.1:${FLOOR_PROCESS_PORTS.floorInside}`, child: cairn },
  ];
  const aloneImports = (process.env.ALONE_IMPORTS ?? '').split(' ').filter(Boolean);
  if (aloneImports.length > 0) {
    const port = FLOOR_PROCESS_PORTS.variants - 1;
    // The imports after tsx's, before the floor's own module (the last argument).
    const args = [...floorAlone.args.slice(0, -1), ...aloneImports.flatMap((module) => ['--import', module]), floorAlone.args.at(-1)!];
    const child = run(args, { ...floorAlone.env, IN_PROCESS_FLOOR_PORT: String(port) });
    children.push(child);
    const name = `alone, importing ${aloneImports.join(' ')}`;
    const url = `http://127.0.0.1:${port}`;
    await waitFor(name, async () => ((await fetch(`${url}/`)).ok ? true : undefined), child, 180_000);
    cases.push({ name, url, child });
  }
  for (const [i, { name, settings }] of variants.entries()) {
    const ports = { server: FLOOR_PROCESS_PORTS.variants + 2 * i, floorInside: FLOOR_PROCESS_PORTS.variants + 2 * i + 1 };
    const variant = serverWithFloorInside(`floor-process-inject-${i}`, ports, settings);
    const child = run(variant.args, variant.env);
    children.push(child);
    // The balance (no indexer needed) tells that the server is up, as for the first.
    await waitFor(name, async () => ((await fetch(variant.balanceUrl)).ok ? true : undefined), child, 180_000);
    cases.push({ name, url: `http://127.0.0.1:${ports.floorInside}`, child });
  }
  for (const c of cases) await waitFor(c.name, async () => ((await fetch(`${c.url}/`)).ok ? true : undefined), c.child, 60_000);
  for (const c of cases) await fetch(`${c.url}/${measured}?n=${n}`);
  const results = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  console.log(`load ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds of ${n} ${measured === 'inject' ? 'injects' : "Node's request and response objects"} each, node ${extra.join(' ') || '(no extra flags)'}`);
  for (let round = 0; round < rounds; round++) {
    const line: string[] = [];
    // Each round in another order (rotated), so no case always follows the same one.
    for (const c of cases.map((_, i) => cases[(i + round) % cases.length]!)) {
      const { cpuMicrosPerRequest } = (await (await fetch(`${c.url}/${measured}?n=${n}`)).json()) as { cpuMicrosPerRequest: number };
      results.get(c.name)!.push(cpuMicrosPerRequest);
      line.push(`${c.name} ${cpuMicrosPerRequest.toFixed(2)}`);
    }
    console.log(`round ${round + 1}: ${line.join(', ')} µs`);
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const alonesMedian = median(results.get('alone')!);
  console.log(`medians (µs per ${measured === 'inject' ? 'inject' : 'request and response'}, ÷ alone): ${cases.map((c) => { const m = median(results.get(c.name)!); return `${c.name} ${m.toFixed(2)} (${(m / alonesMedian).toFixed(3)})`; }).join(', ')}; load ${loadavg()[0]!.toFixed(1)}`);
} finally {
  for (const c of children) await stopChild(c);
  await devnet.stop();
}
