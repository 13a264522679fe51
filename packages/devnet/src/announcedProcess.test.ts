import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAnnounced } from './announcedProcess.ts';

const dir = mkdtempSync(join(tmpdir(), 'announced-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const node = (script: string) => ['-e', script];
const options = { ready: /^ready (\d+)$/m, fatal: /already in use/, timeoutMs: 20_000, attempts: 3 };

describe('startAnnounced', () => {
  it('returns the ready line of a child that starts', async () => {
    const child = await startAnnounced('the child', process.execPath, node('console.log("ready 7"); setInterval(() => {}, 1000)'), options);
    expect(child.match[1]).toBe('7');
    await child.stop();
  });

  it('fails a child that exits at once within seconds, quoting its last lines, after its tries', async () => {
    const started = Date.now();
    const start = startAnnounced('the child', process.execPath, node('console.error("no config here"); process.exit(3)'), options);
    await expect(start).rejects.toThrow(/^the child did not start in 3 tries\.\ntry 1: it exited \(code 3\) before it was ready; its last lines:\nno config here\n/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('stops a try that prints a lost bind and stays up, and starts another that gets through', async () => {
    // The first try loses its bind and blocks (as Surfnet does); the second starts.
    const marker = join(dir, 'tries');
    const script = `
      const fs = require('node:fs');
      fs.appendFileSync(${JSON.stringify(marker)}, 'x');
      if (fs.readFileSync(${JSON.stringify(marker)}, 'utf8').length === 1) console.error('Error: RPC port 41833 is already in use.');
      else console.log('ready ' + process.pid);
      setInterval(() => {}, 1000);`;
    const started = Date.now();
    const child = await startAnnounced('the child', process.execPath, node(script), options);
    expect(readFileSync(marker, 'utf8')).toBe('xx');
    expect(Date.now() - started).toBeLessThan(15_000);
    // The first try was stopped: only the second's process is left.
    const pid = Number(child.match[1]);
    expect(() => process.kill(pid, 0)).not.toThrow();
    await child.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('counts a try that never announces as failed at its bound', async () => {
    const start = startAnnounced('the silent child', process.execPath, node('setInterval(() => {}, 1000)'), { ...options, timeoutMs: 500, attempts: 2 });
    await expect(start).rejects.toThrow('the silent child did not start in 2 tries.\ntry 1: it was not ready within 0.5 s\ntry 2: it was not ready within 0.5 s');
  });
});
