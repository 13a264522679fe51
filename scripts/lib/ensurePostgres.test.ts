import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseClusterPort, portAnswers, runningClusterPort } from './ensurePostgres.mjs';

const dir = mkdtempSync(join(tmpdir(), 'cairn-pg-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pidFile = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('runningClusterPort', () => {
  it("reads the port of this checkout's live postmaster from its postmaster.pid", () => {
    const file = pidFile('live', `${process.pid}\n/data/pg\n1700000000\n25433\n\n127.0.0.1\n`);
    expect(runningClusterPort(file)).toBe(25433);
  });

  it('says none for a dead postmaster, a missing file or a file that is not one', () => {
    expect(runningClusterPort(pidFile('dead', '4242\n/data/pg\n1700000000\n25432\n'), () => false)).toBeUndefined();
    expect(runningClusterPort(join(dir, 'absent'))).toBeUndefined();
    expect(runningClusterPort(pidFile('garbage', 'not a pid file'))).toBeUndefined();
  });
});

describe('chooseClusterPort', () => {
  const listening: Server[] = [];
  afterAll(() => Promise.all(listening.map((server) => new Promise((done) => server.close(done)))));
  const listen = () =>
    new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
      listening.push(server);
    });

  it("keeps this checkout's running cluster's port", async () => {
    expect(await chooseClusterPort({ running: 25440, first: 25432, named: false, answers: async () => true })).toBe(25440);
  });

  it("passes over a port another server holds (another checkout's cluster) to the next free one", async () => {
    const taken = await listen();
    const port = await chooseClusterPort({ running: undefined, first: taken, named: false, answers: portAnswers });
    expect(port).not.toBe(taken);
    expect(port).toBeGreaterThan(taken);
    expect(await portAnswers(port)).toBe(false);
  });

  it('refuses a named port that answers but is not this checkout’s cluster, saying so', async () => {
    const taken = await listen();
    await expect(chooseClusterPort({ running: undefined, first: taken, named: true, answers: portAnswers })).rejects.toThrow(
      `TEST_POSTGRES_PORT ${taken} answers, but not as this checkout's test cluster`,
    );
  });

  it('says so when every port it may try is taken', async () => {
    await expect(chooseClusterPort({ running: undefined, first: 25432, named: false, answers: async () => true, spare: 3 })).rejects.toThrow(
      'no free port for the test PostgreSQL from 25432 to 25435',
    );
  });
});
