import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { BOUNDARY_FOLDERS, boundaryConfig } from '../../.dependency-cruiser.mjs';

export { boundaryConfig };

/**
 * Violations found before the check existed, each left to the change that owns its code (see
 * ARCHITECTURE.md). A recorded violation is tolerated only where it is (same rule, same files);
 * anything new fails. Rewrite with `npx depcruise --config .dependency-cruiser.mjs
 * --output-type baseline packages apps examples e2e bench scripts > .dependency-cruiser-known-violations.json`.
 */
export const KNOWN_VIOLATIONS_FILE = '.dependency-cruiser-known-violations.json';

/**
 * Cruises the workspace at `rootDir` (sources only: no build output, no network) against the
 * boundary rules; returns the violations that are not recorded as known, and how many modules
 * were read.
 */
export async function checkBoundaries(rootDir) {
  const config = boundaryConfig(rootDir);
  const knownFile = join(rootDir, KNOWN_VIOLATIONS_FILE);
  const knownViolations = existsSync(knownFile) ? JSON.parse(readFileSync(knownFile, 'utf8')) : [];
  const folders = BOUNDARY_FOLDERS.filter((folder) => existsSync(join(rootDir, folder)));
  const { output } = await cruise(folders, { validate: true, ruleSet: { ...config, options: { ...config.options, knownViolations } }, baseDir: rootDir }, {}, {});
  return {
    violations: output.summary.violations.filter((violation) => violation.rule.severity !== 'ignore'),
    modules: output.summary.totalCruised,
  };
}

/** One line per violation: rule, importer → imported (a cycle's whole path), and why the rule is. */
export function describeViolation(violation, rules) {
  const path = violation.cycle ? [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ') : `${violation.from} → ${violation.to}`;
  const comment = rules.find((rule) => rule.name === violation.rule.name)?.comment;
  return `✖ ${violation.rule.name}: ${path}${comment ? `\n    (${comment})` : ''}`;
}
