import { defineConfig } from 'vitest/config';
import { sourceResolve } from '../scripts/lib/sourceConditions.ts';
import WeightedShardSequencer from './support/weightedShards.ts';

// Browser tests: Debian Chromium driven by playwright-core against the whole local stack.
export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    // VITEST_FILE_CPU=<file>: each file's CPU and its run's (scripts/lib/fileCpu.ts).
    setupFiles: ['e2e/support/failureSetup.ts', ...(process.env.VITEST_FILE_CPU ? ['scripts/lib/fileCpu.ts'] : [])],
    fileParallelism: false,
    // One module graph for the whole shard: each file no longer imports playwright, viem and the
    // devnet's helpers afresh (measured on 8 files: import 68.8 s → 11.8 s, 119 → 94 CPU-s).
    // Support modules keep no state between files (failureReport's open pages end with them).
    isolate: false,
    // `npm test` runs the files in two shards side by side, each on its own stack; split by time.
    sequence: { sequencer: WeightedShardSequencer },
    testTimeout: 60_000,
    // One more try for a browser test that fails, while a known intermittent defect is open: a
    // connection that sometimes ends 'disconnected' right after connecting (seen in networks,
    // bitcoin and walletConnect e2e; see the session notes). The first failure still prints its
    // failure report in the log. Remove when that defect is found.
    retry: 1,
    hookTimeout: 120_000,
  },
});
