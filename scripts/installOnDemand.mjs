// `node scripts/installOnDemand.mjs [--json] [name...]`: installs the on-demand packages of
// scripts/onDemand/ (all of them without names) unless each is installed already. `npm test` runs it
// in a lane of its own from the start, so the tests that need one (alto for the bundlers, Next.js,
// wagmi 2) find it there or wait on its lock rather than each paying for it at its own start; the
// devnet runs it for alto (packages/devnet/src/bundler/altoProcess.ts). With --json, stdout is one
// JSON object: each name's install folder (its node_modules inside).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureOnDemand } from './lib/onDemand.mjs';

const json = process.argv.includes('--json');
const known = readdirSync(join(import.meta.dirname, 'onDemand')).sort();
const asked = process.argv.slice(2).filter((arg) => arg !== '--json');
const names = asked.length > 0 ? asked : known;
const unknown = names.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Not an on-demand package: ${unknown.join(', ')} (there are: ${known.join(', ')})`);
  process.exit(1);
}
const dirs = {};
for (const name of names) {
  const started = performance.now();
  dirs[name] = await ensureOnDemand(name);
  if (!json) console.log(`${name}: installed (${((performance.now() - started) / 1000).toFixed(1)} s; nothing to do when it was already)`);
}
if (json) console.log(JSON.stringify(dirs));
