import { defineConfig } from 'vitest/config';
import { sourceResolve } from '../scripts/lib/sourceConditions.ts';

// Browser tests: Debian Chromium driven by playwright-core against the whole local stack.
export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
