// The fast path's floor (issue 25, s20): the floor's route by Fastify's inject (no socket), in a
// process of its own and inside the server's, alternating; CPU per request. See bench/README.md
// ("Ninth look"). N (injects per round, 20000), ROUNDS (9), EXTRA_NODE (node flags for both).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, resultsDir } from './lib/paths.ts';
import { FLOOR_PROCESS_PORTS, floorAlone, serverWithFloorInside, shareTheAnswer } from './lib/serverWithFloorInside.ts';
import { loadavg } from 'node:os';
import { startDevnet } from '@cairn/devnet';
import { waitFor } from './lib/benchServer.ts';
import { CHAIN_ID } from './lib/serverLoad.ts';
import { stopChild } from './lib/stopChild.ts';

const extra = (process.env.EXTRA_NODE ?? '').split(' ').filter(Boolean);
const n = Number(process.env.N ?? 20000);
const rounds = Number(process.env.ROUNDS ?? 9);
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
  for (const c of cases) await waitFor(c.name, async () => ((await fetch(`${c.url}/`)).ok ? true : undefined), c.child, 60_000);
  for (const c of cases) await fetch(`${c.url}/inject?n=${n}`);
  const results = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  console.log(`load ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds of ${n} injects each, node ${extra.join(' ') || '(no extra flags)'}`);
  for (let round = 0; round < rounds; round++) {
    const line: string[] = [];
    for (const c of round % 2 ? [...cases].reverse() : cases) {
      const { cpuMicrosPerRequest } = (await (await fetch(`${c.url}/inject?n=${n}`)).json()) as { cpuMicrosPerRequest: number };
      results.get(c.name)!.push(cpuMicrosPerRequest);
      line.push(`${c.name} ${cpuMicrosPerRequest.toFixed(2)}`);
    }
    console.log(`round ${round + 1}: ${line.join(', ')} µs`);
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const [a, b] = cases.map((c) => median(results.get(c.name)!));
  console.log(`medians: alone ${a!.toFixed(2)}, inside Cairn ${b!.toFixed(2)} µs per inject (inside/alone ${(b! / a!).toFixed(3)}); load ${loadavg()[0]!.toFixed(1)}`);
} finally {
  for (const c of children) await stopChild(c);
  await devnet.stop();
}
