import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onDemandDir } from './lib/onDemand.mjs';

// As the devnet's tests wait for alto's install (packages/devnet/src/bundler/altoProcess.ts): under `npm test` a lane installs it beside the suites.
const ALTO_INSTALL_WAIT_MS = 1_200_000;

describe('installOnDemand', () => {
  it('refuses a name that is not one of scripts/onDemand/, naming the ones there are, and installs nothing', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, ['scripts/installOnDemand.mjs', 'alto', '../nextjs'], (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Not an on-demand package: ../nextjs (there are: alto, nextjs, wagmi2)');
  });

  it('says where an installed one is, as JSON, and installs nothing again (the devnet asks it for alto before each bundler)', async () => {
    const run = () =>
      new Promise<{ stdout: string; ms: number }>((resolve, reject) => {
        const started = performance.now();
        execFile(process.execPath, ['scripts/installOnDemand.mjs', '--json', 'alto'], (error, stdout) => (error ? reject(error) : resolve({ stdout, ms: performance.now() - started })));
      });
    await run(); // installs it when this clone has not yet (the lock makes a run beside it wait)
    const stamp = join(onDemandDir('alto'), 'node_modules', '.cairn-on-demand-installed');
    const before = statSync(stamp).mtimeMs;
    const { stdout } = await run();
    expect(JSON.parse(stdout)).toEqual({ alto: onDemandDir('alto') });
    expect(statSync(stamp).mtimeMs).toBe(before);
  }, ALTO_INSTALL_WAIT_MS);
});
