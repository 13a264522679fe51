import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * What each e2e run measures of its files, so that the next run splits its shards by what the files
 * cost now rather than by weights written down once (they went stale: strangerProject was weighed
 * 328 s and took 638 s in ci2 of session 16, one shard took 1,285 s and another 816 s).
 * Each run appends one line per file (scripts/lib/fileCpu.ts: wall, CPU) to a file of its port
 * offset in COSTS_DIR (git-ignored); the sequencer reads the latest line of each file, the global
 * setup compares a shard's plan with what it took, and `npx tsx e2e/support/regenerateWeights.ts` writes them into
 * the committed e2e/fileWeights.json that a clean clone (CI) splits by.
 */
export const COSTS_DIR = join(import.meta.dirname, '..', '..', '.scratch', 'e2e-costs');

export const costsFileOf = (offset: number) => join(COSTS_DIR, `offset-${offset}.jsonl`);

export interface FileCost {
  /** The test file's name, e.g. `connect.e2e.ts`. */
  file: string;
  /** Seconds from the file's start to its end, hooks included. */
  wall: number;
  /** CPU seconds of the whole run's process tree over the file (its Chromium, the stack's chains and servers). */
  cpu: number;
  /** When it was measured (ms since the epoch). */
  at: number;
}

/** Reads fileCpu.ts's lines (a malformed or partial line is skipped). */
export function parseCostLines(text: string): FileCost[] {
  const costs: FileCost[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const { file, wall, run, at } = JSON.parse(line) as { file?: string; wall?: number; run?: number; at?: number };
      if (typeof file === 'string' && typeof wall === 'number' && Number.isFinite(wall)) {
        costs.push({ file: basename(file), wall, cpu: typeof run === 'number' ? run : 0, at: typeof at === 'number' ? at : 0 });
      }
    } catch {
      // a line cut short by a run that was stopped mid-write
    }
  }
  return costs;
}

/** The latest measurement of each file. */
export function latestByFile(costs: readonly FileCost[]): Map<string, FileCost> {
  const latest = new Map<string, FileCost>();
  for (const cost of costs) {
    const known = latest.get(cost.file);
    if (!known || cost.at >= known.at) latest.set(cost.file, cost);
  }
  return latest;
}

/** Every measurement recorded on this machine, by every offset's runs. */
export function readRecordedCosts(dir = COSTS_DIR): FileCost[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => parseCostLines(readFileSync(join(dir, name), 'utf8')));
}

/** Keeps one line per file in an offset's record, so that it does not grow run after run. */
export function compactCostsFile(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const kept = existsSync(path) ? [...latestByFile(parseCostLines(readFileSync(path, 'utf8'))).values()] : [];
  writeFileSync(path, kept.map(({ file, wall, cpu, at }) => `${JSON.stringify({ file, wall, run: cpu, at })}\n`).join(''));
}

/**
 * A file's weight: its latest measured wall time where this machine has one, else the committed
 * weight. A file neither knows counts as the median of the others.
 */
export function weightsFrom(committed: Record<string, number>, recorded: readonly FileCost[]): (file: string) => number {
  const measured = latestByFile(recorded);
  const known = Object.values(committed).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  return (file) => measured.get(file)?.wall ?? committed[file] ?? median;
}

/** A file whose time is off its weight by more than half and more than 20 s: its weight misleads the split. */
export function staleWeights(planned: (file: string) => number, took: readonly FileCost[]): { file: string; planned: number; took: number }[] {
  return took
    .map((cost) => ({ file: cost.file, planned: Math.round(planned(cost.file)), took: Math.round(cost.wall) }))
    .filter(({ planned: weight, took: wall }) => Math.abs(wall - weight) > Math.max(20, weight / 2));
}
