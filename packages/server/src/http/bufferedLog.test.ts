import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/waitFor.ts';
import { bufferedLog, bufferedStdout } from './bufferedLog.ts';

describe('bufferedLog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'buffered-log-'));
  const opened: number[] = [];
  const open = (name: string) => {
    const file = join(dir, name);
    const fd = openSync(file, 'w');
    opened.push(fd);
    return { fd, text: () => readFileSync(file, 'utf8') };
  };
  afterEach(() => {
    for (const fd of opened.splice(0)) closeSync(fd);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes nothing before minLength, then every line in order once minLength waits', async () => {
    const out = open('threshold.log');
    const log = bufferedLog(out.fd, { minLength: 100, flushMs: 60_000, maxWaiting: 10_000 });
    const lines = Array.from({ length: 30 }, (_, i) => `{"line":${i}}\n`);
    for (const line of lines.slice(0, 5)) log.write(line);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).toBe('');
    for (const line of lines.slice(5)) log.write(line);
    await log.flush();
    expect(out.text()).toBe(lines.join(''));
    log.close();
  });

  it('writes what waits after flushMs, however little', async () => {
    const out = open('timer.log');
    const log = bufferedLog(out.fd, { minLength: 4096, flushMs: 20, maxWaiting: 10_000 });
    log.write('{"alone":true}\n');
    await waitFor(() => out.text() === '{"alone":true}\n', 'the lone line written by the timer', 2000);
    log.close();
  });

  it('drops lines past maxWaiting and says how many in the next write', async () => {
    const out = open('dropped.log');
    const log = bufferedLog(out.fd, { minLength: 1000, flushMs: 60_000, maxWaiting: 30 });
    for (let i = 0; i < 5; i++) log.write(`{"line":${i}}\n`);
    await log.flush();
    const written = out.text().split('\n').filter(Boolean);
    expect(written.slice(0, 2)).toEqual(['{"line":0}', '{"line":1}']);
    expect(JSON.parse(written[2]!)).toMatchObject({ level: 40, msg: '3 log lines dropped: the log output did not keep up' });
    log.close();
  });

  it('writes what waits at once when closed', () => {
    const out = open('closed.log');
    const log = bufferedLog(out.fd, { minLength: 4096, flushMs: 60_000, maxWaiting: 10_000 });
    log.write('{"last":true}\n');
    log.close();
    expect(out.text()).toBe('{"last":true}\n');
  });

  it('gives every server of the process the one standard output buffer', () => {
    expect(bufferedStdout()).toBe(bufferedStdout());
  });
});
