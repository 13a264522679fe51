import { defineConfig } from 'vitest/config';
import { sourceResolve } from '../lib/sourceConditions.ts';

// The cluster suites (issue 25): one cluster per file, files one after another. `npm run test:cluster`.
export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['scripts/cluster/*.cluster.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 400_000,
  },
});
