import { createRequire } from 'node:module';
import { join } from 'node:path';
import { toolsDir } from './paths.ts';

/** The part of autocannon's result the bench reads. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

/** autocannon from the bench's pinned tools (bench/anchors/tools, installed by ensureAnchors), never the workspace. */
export const autocannon = () => createRequire(join(toolsDir, 'package.json'))('autocannon') as Autocannon;
