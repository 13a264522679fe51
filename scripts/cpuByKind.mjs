// `node scripts/cpuByKind.mjs <dir> [--every 2] [--out file.json]`: samples /proc until stopped
// (SIGINT/SIGTERM) and sums the CPU of every process whose working directory is under <dir>, by kind
// (Chromium, the devnet's chains, the stack's servers, vitest, tsc/eslint, ...). For `npm test`'s
// question "where do the CPU-seconds go" beside another run on the same machine (another worktree's
// processes have another cwd). A process that starts and ends between two samples is not seen: with
// 2 s samples, that misses short tools (esbuild's one-shot runs); the summary says how many it saw.
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { kindOfCommand } from './lib/processKind.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args.splice(index, 2)[1];
};
const everySeconds = Number(option('--every', '2'));
const out = option('--out', undefined);
const root = resolve(args[0] ?? process.cwd());
const TICKS = 100; // USER_HZ on Linux

/** pid → { kind, ticks } as last seen. */
const seen = new Map();
const started = Date.now();

function sample() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (cwd !== root && !cwd.startsWith(`${root}/`)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const known = seen.get(name);
      if (known) known.ticks = ticks;
      else seen.set(name, { kind: kindOfCommand(readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')), ticks });
    } catch {
      // gone between the listing and the read, or not ours to read
    }
  }
}

function summary() {
  const byKind = {};
  for (const { kind, ticks } of seen.values()) {
    byKind[kind] ??= { cpuSeconds: 0, processes: 0 };
    byKind[kind].cpuSeconds += ticks / TICKS;
    byKind[kind].processes += 1;
  }
  const rows = Object.entries(byKind).sort((a, b) => b[1].cpuSeconds - a[1].cpuSeconds);
  const total = rows.reduce((sum, [, row]) => sum + row.cpuSeconds, 0);
  return { root, seconds: Math.round((Date.now() - started) / 1000), totalCpuSeconds: Math.round(total), byKind: Object.fromEntries(rows.map(([kind, row]) => [kind, { ...row, cpuSeconds: Math.round(row.cpuSeconds * 10) / 10 }])) };
}

const timer = setInterval(sample, everySeconds * 1000);
sample();
const stop = () => {
  clearInterval(timer);
  sample();
  const result = summary();
  const text = JSON.stringify(result, null, 2);
  if (out) writeFileSync(out, `${text}\n`);
  console.log(text);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
