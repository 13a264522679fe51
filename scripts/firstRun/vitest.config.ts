import { defineConfig } from 'vitest/config';

// The newcomer's first run (issue 28): a clean clone, `npm start`, timed. `npm run test:firstrun`.
// Not part of `npm test`: it installs every npm package into a fresh copy (minutes).
export default defineConfig({
  test: {
    include: ['scripts/firstRun/*.firstrun.ts'],
    testTimeout: 1_500_000, // up to 14 minutes to the URLs, then up to 10 for the bundlers
  },
});
