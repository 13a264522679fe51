import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberToHex } from 'viem';
import { BUNDLER_EXECUTOR } from '../accounts.ts';
import { BUNDLER_EXECUTOR_BALANCE } from '../devnetSeed.ts';
import { rpcCall } from '../jsonRpc.ts';
import { startDevnet, type Devnet } from '../startDevnet.ts';
import { ALTO_INSTALL_WAIT_MS, altoCli, startAlto } from './altoProcess.ts';

const HOST = '127.0.0.1';
const listening = () =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: HOST, exclusive: true }, () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;
const freePort = async () => {
  const server = await listening();
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
};

let devnet: Devnet;
beforeAll(() => altoCli(), ALTO_INSTALL_WAIT_MS);
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: await freePort() }] });
  // Alto deploys its simulation contract from the executor (startBundler funds it as here).
  await rpcCall(devnet.chains[0]!.rpcUrl, 'anvil_setBalance', [BUNDLER_EXECUTOR.address, numberToHex(BUNDLER_EXECUTOR_BALANCE)]);
}, 240_000);
afterAll(async () => {
  await devnet?.stop();
});

describe('the bundler (alto) process', () => {
  it('picks another port when another process took its port between the pick and the bind', async () => {
    const held = await listening();
    const picked: number[] = [];
    // The first pick is a port this test holds (as when another process takes it in between).
    const pickPort = async () => {
      const port = picked.length === 0 ? portOf(held) : await freePort();
      picked.push(port);
      return port;
    };
    try {
      const alto = await startAlto({ rpcUrl: devnet.chains[0]!.rpcUrl, entryPoint: devnet.deployment.contracts.entryPoint, executorKey: BUNDLER_EXECUTOR.privateKey, host: HOST, pickPort });
      expect(picked).toHaveLength(2);
      expect(alto.url).toBe(`http://127.0.0.1:${picked[1]}/rpc`);
      await alto.stop();
    } finally {
      held.close();
    }
  }, 240_000);
});
