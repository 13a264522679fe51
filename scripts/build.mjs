// `npm run build`: compiles the published packages to their dist/ (ESM, .d.ts, source maps), in
// dependency order, and puts the licence and the third-party notices beside each. A package whose
// inputs did not change since its last build is skipped (hashes in node_modules/.cache/cairn-build).
import { buildPackages } from './lib/buildPackages.mjs';

await buildPackages({ force: process.argv.includes('--force') });
