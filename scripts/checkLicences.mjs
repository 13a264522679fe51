// `node scripts/checkLicences.mjs`: walks what the published packages install
// (dependencies and peers, transitively, as installed) and fails on a licence outside the
// allow-list, naming the package, its licence and the published package that pulls it in. Dev-only
// licences are listed for information. The build (scripts/build.mjs) writes each published
// package's THIRD_PARTY_NOTICES from the same walk.
import { root } from './lib/ensureInstall.mjs';
import { ALLOWED_LICENCES, DEV_ONLY_TOOLS, devOnlyLicences, isAllowedLicence, licenceFailures, walkRuntimeTree } from './lib/licenceWalk.mjs';

const { packages, missing } = walkRuntimeTree(root);
const failures = licenceFailures(packages);

const counts = new Map();
for (const entry of packages) counts.set(entry.licence ?? '(none)', (counts.get(entry.licence ?? '(none)') ?? 0) + 1);
console.log(`Runtime dependencies of the published packages: ${packages.length} installed packages`);
for (const [licence, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(4)}  ${licence}`);

const devOnly = devOnlyLicences(root, new Set(packages.map((entry) => entry.dir)));
const devTotal = [...devOnly.values()].reduce((sum, names) => sum + names.length, 0);
console.log(`\nDev-only packages (tests, build, bench tools; never shipped): ${devTotal}`);
for (const [licence, names] of [...devOnly].sort((a, b) => b[1].length - a[1].length)) {
  const note = isAllowedLicence(licence) ? '' : `  (${names.join(', ')})`;
  console.log(`  ${String(names.length).padStart(4)}  ${licence}${note}`);
}

for (const [name, why] of DEV_ONLY_TOOLS) {
  const shipped = packages.find((entry) => entry.name === name);
  if (shipped) failures.push(shipped);
  console.log(`\nDev-only tool ${name}: ${why}${shipped ? ' (✖ but a published package installs it)' : ''}`);
}

for (const { name, requiredBy } of missing) console.error(`✖ ${name} is required by ${requiredBy} but not installed`);
for (const entry of failures) {
  console.error(`✖ ${entry.name}@${entry.version} (${entry.licence ?? 'no licence'}) required by ${[...entry.requiredBy].join(', ')}: not on the allow-list (${ALLOWED_LICENCES.join(', ')})`);
}
if (failures.length > 0 || missing.length > 0) process.exit(1);
console.log('\n✔ every runtime dependency carries an open licence');
