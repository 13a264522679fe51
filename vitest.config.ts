import { defineConfig } from 'vitest/config';
import { sourceResolve } from './scripts/lib/sourceConditions.ts';

// Unit and integration tests that sit next to the code. The browser suite has its own config (e2e/).
export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'e2e/support/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
