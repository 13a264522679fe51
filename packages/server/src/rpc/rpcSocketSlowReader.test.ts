import { startDevnet, type Devnet } from '@cairn/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { RpcSocketClient, socketUrl } from './testing/rpcSocketClient.ts';
import { startRpcTestServer, type RpcTestServer } from './testing/rpcTestServer.ts';

// Issue 30: a client that stops reading while the node pushes subscription frames. The node is
// the devnet's real Anvil; each mined block is one newHeads frame per subscription.
const CHAIN_PORT = 27945;
/** RPC_WS_MAX_SEND_BUFFER_BYTES at its floor. */
const SEND_BUFFER_BOUND = 64 * 1024;
/** Each block is this many frames of about 1.8 kB for the stalled client: 115 kB a block. */
const SUBSCRIPTIONS = 64;
/**
 * Blocks are mined one at a time (Anvil ends a subscription that lags behind a burst), until the
 * client is dropped or MAX_BLOCKS are mined. The kernel takes what a peer leaves unread first
 * (about 4 MB on loopback), so the bound is reached after some 40 blocks; MAX_BLOCKS is 46 MB.
 */
const MAX_BLOCKS = 400;

let devnet: Devnet;
let database: TestDatabase;
let server: RpcTestServer;

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: CHAIN_PORT }] });
  const rpcUrl = devnet.chains[0]!.rpcUrl;
  database = await createTestDatabase('sqlite');
  server = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl }], {
    RPC_WS_URL_31337: socketUrl(rpcUrl),
    RPC_WS_MAX_SEND_BUFFER_BYTES: String(SEND_BUFFER_BOUND),
    RPC_WS_MAX_SUBSCRIPTIONS: String(SUBSCRIPTIONS),
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await devnet?.stop();
});

async function chainRpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(devnet.chains[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: unknown }).result;
}

/** Mines a block; resolves with the new head's number. */
async function mine(): Promise<number> {
  await chainRpc('evm_mine', []);
  return Number(await chainRpc('eth_blockNumber', []));
}

const serverSockets = () => [...server.app.websocketServer.clients];
/** What the server holds unsent for its websocket clients right now (ws's userland send buffers). */
const serverSendBuffers = () => serverSockets().reduce((sum, socket) => sum + socket.bufferedAmount, 0);

describe('the RPC proxy socket and a client that stops reading', () => {
  it('drops the client once its unread frames pass RPC_WS_MAX_SEND_BUFFER_BYTES, holding no more than that for it', async () => {
    const stalled = await RpcSocketClient.connect(socketUrl(server.rpcUrl('eip155:31337')));
    const reader = await RpcSocketClient.connect(socketUrl(server.rpcUrl('eip155:31337')));
    try {
      const subscribed = await stalled.batch(Array.from({ length: SUBSCRIPTIONS }, () => ({ method: 'eth_subscribe', params: ['newHeads'] })));
      expect(subscribed.every((answer) => typeof answer.result === 'string')).toBe(true);
      const followed = await reader.call('eth_subscribe', ['newHeads']);
      stalled.socket.pause();

      const isHead = (number: number) => (head: unknown) => Number((head as { number: string }).number) === number;
      let mined = 0;
      let head = 0;
      let largestFrame = 0;
      let mostHeld = 0;
      // A client that does not read does not see its socket close either: the server's side tells.
      while (serverSockets().length === 2 && mined < MAX_BLOCKS) {
        head = await mine();
        mined += 1;
        // The reader keeps up with each block before the next, so what the server holds is the stalled client's.
        await reader.notification(followed.result, isHead(head));
        mostHeld = Math.max(mostHeld, serverSendBuffers());
        for (const frame of reader.frames) largestFrame = Math.max(largestFrame, Buffer.byteLength(frame));
      }
      // The kernel's buffers take a few MB first; past them the bound holds, then the client is dropped.
      expect(mined).toBeLessThan(MAX_BLOCKS);
      stalled.socket.resume();
      expect(await stalled.closedByServer()).toMatchObject({ code: 1006 });
      expect(mostHeld).toBeLessThanOrEqual(SEND_BUFFER_BOUND + SUBSCRIPTIONS * largestFrame);
      expect(serverSendBuffers()).toBeLessThanOrEqual(largestFrame);
      // The reader that keeps up is served on.
      await reader.notification(followed.result, isHead(await mine()));
      expect(reader.closed).toBeUndefined();
    } finally {
      stalled.close();
      reader.close();
    }
  }, 60_000);
});
