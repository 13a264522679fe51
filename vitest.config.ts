import { defineConfig } from 'vitest/config';

// Unit and integration tests that sit next to the code. The browser suite has its own config (e2e/).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
