import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestByFile, readRecordedCosts, type FileCost } from './fileCosts.ts';

/**
 * The committed weights from this machine's latest measurement of each file: its wall seconds,
 * rounded; a file not measured keeps its weight, a file that is gone loses it.
 */
export function regeneratedWeights(committed: Record<string, number>, recorded: readonly FileCost[], files: readonly string[]): Record<string, number> {
  const measured = latestByFile(recorded);
  const weights: Record<string, number> = {};
  for (const file of [...files].sort()) {
    const weight = measured.get(file)?.wall ?? committed[file];
    if (weight !== undefined) weights[file] = Math.round(weight);
  }
  return weights;
}

// `npx tsx e2e/support/regenerateWeights.ts`: writes e2e/fileWeights.json from .scratch/e2e-costs/.
if (process.argv[1] === import.meta.filename) {
  const e2eDir = join(import.meta.dirname, '..');
  const path = join(e2eDir, 'fileWeights.json');
  const files = readdirSync(e2eDir).filter((name) => name.endsWith('.e2e.ts'));
  const recorded = readRecordedCosts();
  const weights = regeneratedWeights(JSON.parse(readFileSync(path, 'utf8')), recorded, files);
  writeFileSync(path, `${JSON.stringify(weights, null, 2)}\n`);
  const measured = files.filter((file) => latestByFile(recorded).has(file)).length;
  console.log(`e2e/fileWeights.json: ${measured} of ${files.length} files from this machine's measurement, ${Object.values(weights).reduce((a, b) => a + b, 0)} s in all`);
}
