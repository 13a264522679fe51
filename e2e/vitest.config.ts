import { defineConfig } from 'vitest/config';
import { sourceResolve } from '../scripts/lib/sourceConditions.ts';
import WeightedShardSequencer from './support/weightedShards.ts';
import { costsFileOf } from './support/fileCosts.ts';

// Each file's wall and CPU, recorded by every run (e2e/support/fileCosts.ts): the next run splits its
// shards by them, and `npx tsx e2e/support/regenerateWeights.ts` writes them into e2e/fileWeights.json.
const fileCosts = process.env.VITEST_FILE_CPU ?? costsFileOf(Number(process.env.E2E_PORT_OFFSET ?? 0));

// Browser tests: Debian Chromium driven by playwright-core against the whole local stack.
export default defineConfig({
  ...sourceResolve,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    // Each file's wall and CPU, and its run's (scripts/lib/fileCpu.ts), to VITEST_FILE_CPU or the offset's record.
    setupFiles: ['e2e/support/failureSetup.ts', 'scripts/lib/fileCpu.ts'],
    env: { VITEST_FILE_CPU: fileCosts },
    fileParallelism: false,
    // One module graph for the whole shard: each file no longer imports playwright, viem and the
    // devnet's helpers afresh (measured on 8 files: import 68.8 s → 11.8 s, 119 → 94 CPU-s).
    // Support modules keep no state between files (failureReport's open pages end with them).
    isolate: false,
    // `npm test` runs the files in three shards side by side, each on its own stack; split by measured time.
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
