// `npm test`: installs what is missing (npm packages, Debian chromium) and runs every test.
import { buildPackages } from './lib/buildPackages.mjs';
import { ensureChromium } from './lib/ensureChromium.mjs';
import { ensureDevnetBuild, ensureNpmPackages, root } from './lib/ensureInstall.mjs';
import { ensurePostgres } from './lib/ensurePostgres.mjs';
import { ensureRedis } from './lib/ensureRedis.mjs';
import { run } from './lib/run.mjs';

await ensureNpmPackages();
await ensureChromium();
await ensureDevnetBuild();
await buildPackages(); // dist/ of every published package: the licence check's notices and the packed-packages test use it
const postgres = await ensurePostgres(); // the server suite runs on SQLite and PostgreSQL; in CI this throws rather than skip
await ensureRedis(); // the replica tests start private redis-servers; in CI this throws rather than skip

const steps = [
  ['typecheck', ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['licences', ['node', 'scripts/checkLicences.mjs']],
  ['boundaries', ['node', 'scripts/checkBoundaries.mjs']],
  ['unit and integration', ['npx', 'vitest', 'run']],
  ['e2e (Chromium)', ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts']],
];
const failed = [];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args, { cwd: root });
  if (code !== 0) failed.push(name);
}
await postgres.stop?.();
if (failed.length > 0) {
  console.error(`\n✖ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\n✔ all tests passed');
