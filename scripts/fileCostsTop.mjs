// `node scripts/fileCostsTop.mjs <costs.jsonl>... [--top N] [--by used|run|wall|asleep|queued] [--cpu used|run] [--since <ms>]`: the test files that
// cost the most CPU, from the JSON lines scripts/lib/fileCpu.ts writes (npm test's unit lane to
// .scratch/unit-costs.jsonl, the browser shards to .scratch/e2e-costs/offset-<n>.jsonl). A file's
// CPU is `used + children` (its worker and waited-for children) unless --by says another field;
// --since leaves out the lines of earlier runs (a browser shard's record keeps them); --by wall sorts by
// wall time and shows beside it the CPU --cpu names (a browser file's is its run's: Chromium, the stack).
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index === -1) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
const top = Number(option('--top', '20'));
const by = option('--by', 'used');
const since = Number(option('--since', '0'));
const shownCpu = option('--cpu', 'used');
// scripts/lib/fileCpu.ts's parts of a unit file's wall that are not its CPU: `queued`, its thread
// ready but waiting for a core (the machine's load); `asleep`, waiting on chains, servers, timers.
const WAITS = ['asleep', 'queued'];
const rows = [];
for (const path of args) {
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const cost = JSON.parse(line);
    if ((cost.at ?? 0) < since) continue;
    const byTime = by === 'wall' || WAITS.includes(by);
    const field = byTime ? shownCpu : by;
    const cpu = field === 'used' ? (cost.used ?? 0) + (cost.children ?? 0) : (cost[field] ?? 0);
    rows.push({ file: cost.file.startsWith('/') ? relative(process.cwd(), cost.file) : basename(cost.file), cpu, wall: cost.wall ?? 0, wait: cost[by] ?? 0, run: cost.run });
  }
}
const key = by === 'wall' ? 'wall' : WAITS.includes(by) ? 'wait' : 'cpu';
rows.sort((a, b) => b[key] - a[key]);
const total = rows.reduce((sum, row) => sum + row[key], 0);
const unit = by === 'wall' ? 's of wall' : WAITS.includes(by) ? `s ${by}` : `CPU-s by ${by}`;
console.log(`${rows.length} files, ${total.toFixed(1)} ${unit}; the top ${Math.min(top, rows.length)}:`);
for (const row of rows.slice(0, top)) {
  const waited = key === 'wait' ? `${row.wait.toFixed(1).padStart(7)} s ${by} ` : '';
  console.log(`${waited}${row.cpu.toFixed(1).padStart(7)} CPU-s ${row.wall.toFixed(1).padStart(7)} s wall  ${row.file}`);
}
