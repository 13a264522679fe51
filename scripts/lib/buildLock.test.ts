import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDirectoryLock } from './buildLock.mjs';

const lockModule = new URL('./buildLock.mjs', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withDirectoryLock', () => {
  it('lets one process at a time run its job: another process waits until the first lets go', async () => {
    const lockDir = join(mkdtempSync(join(tmpdir(), 'cairn-lock-')), 'lock');
    // Another process takes the lock, holds it 600 ms, and prints the time its job ended.
    const other = spawn(process.execPath, ['--input-type=module', '-e', `
      const { withDirectoryLock } = await import(${JSON.stringify(lockModule)});
      await withDirectoryLock(${JSON.stringify(lockDir)}, async () => {
        console.log('holding');
        await new Promise((r) => setTimeout(r, 600));
        console.log('ended ' + Date.now());
      });`]);
    let output = '';
    const exited = new Promise<void>((resolve) => other.on('exit', () => resolve()));
    other.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    while (!output.includes('holding')) await sleep(20);
    const heldAt = await withDirectoryLock(lockDir, async () => Date.now(), { pollMs: 20 });
    await exited;
    const endedAt = Number(/ended (\d+)/.exec(output)?.[1]);
    expect(endedAt).toBeGreaterThan(0);
    expect(heldAt).toBeGreaterThanOrEqual(endedAt);
    expect(existsSync(lockDir)).toBe(false);
  });

  it('makes the folder the lock lives in (a clean clone has no node_modules/.cache yet)', async () => {
    const lockDir = join(mkdtempSync(join(tmpdir(), 'cairn-lock-')), 'not', 'yet', 'lock');
    await expect(withDirectoryLock(lockDir, async () => 'ran')).resolves.toBe('ran');
  });

  it('takes over a lock whose process is gone', async () => {
    const lockDir = join(mkdtempSync(join(tmpdir(), 'cairn-lock-')), 'lock');
    mkdirSync(lockDir);
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(lockDir, 'pid'), String(gone.pid));
    await expect(withDirectoryLock(lockDir, async () => 'ran', { pollMs: 20 })).resolves.toBe('ran');
  });

  it('queues calls within one process instead of waiting on its own pid, and lets go after a job that throws', async () => {
    const lockDir = join(mkdtempSync(join(tmpdir(), 'cairn-lock-')), 'lock');
    const order: number[] = [];
    const first = withDirectoryLock(lockDir, async () => { await sleep(50); order.push(1); throw new Error('first failed'); });
    const second = withDirectoryLock(lockDir, async () => { order.push(2); return 'second'; });
    await expect(first).rejects.toThrow('first failed');
    await expect(second).resolves.toBe('second');
    expect(order).toEqual([1, 2]);
  });
});
