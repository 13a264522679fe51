import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const listen = (port: number) =>
  new Promise<Server>((resolve) => {
    const server = createServer();
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('npm start', () => {
  let taken: Server;
  beforeAll(async () => {
    taken = await listen(23999);
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('refuses to start, naming the port and its variable, when a port is already in use', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['scripts/start.mjs'],
        { env: { ...process.env, SERVER_PORT: '23999', DEMO_PORT: '23998', CHAIN_PORT_31337: '23997', CHAIN_PORT_31338: '23996' } },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Port 23999 (server) is already in use.');
    expect(result.stderr).toContain('Is `npm start` already running?');
    expect(result.stderr).not.toContain('Port 23998');
  });

  it('checks the Polkadot chain port too, naming its variable', async () => {
    const polkadot = await listen(23995);
    try {
      const stderr = await new Promise<string>((resolve) => {
        execFile(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, CHAIN_PORT_POLKADOT: '23995' } }, (_e, _o, err) => resolve(err));
      });
      expect(stderr).toContain('Port 23995 (chain polkadot) is already in use.');
      expect(stderr).toContain('CHAIN_PORT_POLKADOT');
    } finally {
      await new Promise<void>((resolve) => polkadot.close(() => resolve()));
    }
  });

  it('rejects a port variable that is not a port', async () => {
    const stderr = await new Promise<string>((resolve) => {
      execFile(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, DEMO_PORT: 'http' } }, (_e, _o, err) => resolve(err));
    });
    expect(stderr).toContain('DEMO_PORT must be a port number between 1 and 65535, got "http"');
  });
});
