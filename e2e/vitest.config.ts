import { defineConfig } from 'vitest/config';

// Browser tests: Debian Chromium driven by playwright-core against the whole local stack.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
