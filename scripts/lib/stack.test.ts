import { createServer, type Server } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { deployment } from '@cairn/devnet';
import { frameConfigFromEnv } from '@cairn/frame/server';
import { frameSmartAccountEnv, stackPorts, startStack } from './stack.mjs';

describe('the local stack’s frame', () => {
  it('gets each bundler’s URL, the EntryPoint and the account factory, so an e-mail login has a smart account where a bundler runs', () => {
    const ports = { ...stackPorts(), chains: [{ chainId: 31337, port: 8545, bundler: 4337 }, { chainId: 31338, port: 8546 }] };
    const env = { FRAME_ALLOWED_ORIGINS: 'http://127.0.0.1:5173', CAIRN_SERVER_URL: 'http://127.0.0.1:8787', RPC_URL_31337: 'http://127.0.0.1:8545', RPC_URL_31338: 'http://127.0.0.1:8546', ...frameSmartAccountEnv(ports) };
    const { config } = frameConfigFromEnv(env);
    expect(config.networks.map((network) => [network.chainId, network.smartAccount])).toEqual([
      [31337, { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4337', entryPoint: deployment.contracts.entryPoint, factory: deployment.contracts.accountFactory }],
      [31338, undefined],
    ]);
  });

  it('has no smart account where no bundler runs', () => {
    expect(frameSmartAccountEnv({ ...stackPorts(), chains: [{ chainId: 31337, port: 8545 }] })).toEqual({});
  });
});

const listening = (port = 0) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;

describe('the local stack’s start', () => {
  it('fails at once, with the part’s last lines, when a child exits during the start (its chain port taken)', async () => {
    // The test holds the chain's port: the devnet refuses it and exits; the stack must not wait its 600 s.
    const held = await listening();
    const spare = await Promise.all([listening(), listening(), listening(), listening()]);
    const [server, frame, demo, bundler] = spare.map(portOf);
    await Promise.all(spare.map((s) => new Promise((resolve) => s.close(resolve))));
    vi.stubEnv('DATABASE_URL', 'sqlite::memory:');
    const started = Date.now();
    try {
      // The frame and demo wait for a build that never ends: only the devnet and the server start.
      const start = startStack({ demo: demo!, server: server!, frame: frame!, chains: [{ chainId: 31337, port: portOf(held), bundler }] }, { built: new Promise(() => {}) });
      await expect(start).rejects.toThrow(
        new RegExp(`^chain 31337 was not ready: the devnet process exited with code 1 during the stack's start; its last lines:\\n(.*\\n)*Port ${portOf(held)} is already in use`),
      );
      expect(Date.now() - started).toBeLessThan(120_000);
    } finally {
      vi.unstubAllEnvs();
      held.close();
    }
  }, 180_000);
});
