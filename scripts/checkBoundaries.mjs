// `node scripts/checkBoundaries.mjs`: the 'boundaries' step of `npm test`. Fails on any import
// that breaks the layers of ARCHITECTURE.md (rules in .dependency-cruiser.mjs).
import { root } from './lib/ensureInstall.mjs';
import { boundaryConfig, checkBoundaries, describeViolation } from './lib/checkBoundaries.mjs';

const started = Date.now();
const { violations, modules } = await checkBoundaries(root);
const { forbidden } = boundaryConfig(root);
for (const violation of violations) console.error(describeViolation(violation, forbidden));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (violations.length > 0) {
  console.error(`\n${violations.length} import(s) break the boundaries (${modules} modules, ${seconds} s). See ARCHITECTURE.md, "Boundaries".`);
  process.exit(1);
}
console.log(`✔ ${modules} modules keep the boundaries (${seconds} s)`);
