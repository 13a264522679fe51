// `npm run build`: type-checks the workspace, then compiles the published packages to their dist/
// (ESM, .d.ts, source maps), in dependency order, and puts the licence and the third-party notices
// beside each. A package whose inputs did not change since its last build is skipped (hashes in
// node_modules/.cache/cairn-build). The compile itself does not type-check (`npm test` has its own
// typecheck step beside it), so the check runs here first: nothing is built from code that does not type-check.
// `--no-typecheck` skips it: `npm test`, whose own step checks the types side by side.
import { buildPackages } from './lib/buildPackages.mjs';
import { root } from './lib/ensureInstall.mjs';
import { runOrExit } from './lib/run.mjs';

if (!process.argv.includes('--no-typecheck')) await runOrExit(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: root });
await buildPackages({ force: process.argv.includes('--force') });
