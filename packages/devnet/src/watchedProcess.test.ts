import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from './testing/waitFor.ts';

const watchedModule = join(import.meta.dirname, 'watchedProcess.ts');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A parent process (tsx, as the tests' workers) that starts a watched `sleep 60` and prints its pid;
 * with `letGo`, it then lets go of it (holdWatchedProcesses(false)) and has nothing else to do.
 */
async function parentOfASleep(letGo: boolean) {
  const script = `
    import { holdWatchedProcesses, spawnWatched } from ${JSON.stringify(watchedModule)};
    spawnWatched('sh', ['-c', 'echo $$; exec sleep 60'], {
      onStdout: (text) => {
        console.log('sleep ' + text.trim());
        ${letGo ? 'holdWatchedProcesses(false);' : ''}
      },
    });`;
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  parent.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  await waitFor(() => /sleep \d+/.test(output), "the sleep's pid", 30_000);
  return { parent, sleepPid: Number(/sleep (\d+)/.exec(output)![1]) };
}

describe('holdWatchedProcesses (session 26)', () => {
  it('lets the parent end while its watched child runs; the watchdog then stops the child', async () => {
    const { parent, sleepPid } = await parentOfASleep(true);
    const ended = await Promise.race([once(parent, 'exit').then(([code]) => `exited ${String(code)}`), new Promise<string>((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000))]);
    expect(ended).toBe('exited 0');
    await waitFor(() => !alive(sleepPid), 'the watched sleep to be stopped after its parent ended', 10_000);
  }, 60_000);

  it('keeps the parent alive while it holds its watched child (the default)', async () => {
    const { parent, sleepPid } = await parentOfASleep(false);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(parent.exitCode).toBeNull();
    expect(alive(sleepPid)).toBe(true);
    parent.kill('SIGKILL');
    await waitFor(() => !alive(sleepPid), 'the watched sleep to be stopped after its parent was killed', 10_000);
  }, 60_000);
});
