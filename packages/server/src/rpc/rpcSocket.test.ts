import { TEST_ACCOUNTS } from '@cairn/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import { refusedUpgrade } from '../relay/testing/rawRelayClient.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { get } from '../testing/testServer.ts';
import { RpcSocketClient, socketUrl, type SocketAnswer } from './testing/rpcSocketClient.ts';
import { deadPort, startRpcTestServer, type RpcTestServer } from './testing/rpcTestServer.ts';

// The proxy's websocket in front of the devnet's real Anvil, which answers websockets on its HTTP port.
const devnet = useTestDevnet({ 31337: 27345, 31338: 27346 });
let database: TestDatabase;
let server: RpcTestServer;
const opened: RpcSocketClient[] = [];

const anvil = () => devnet.chain(31337);
const anvilSocket = () => socketUrl(anvil().rpcUrl);
const env = (extra: NodeJS.ProcessEnv = {}) => ({ RPC_WS_URL_31337: anvilSocket(), ...extra });
async function connect(url: string): Promise<RpcSocketClient> {
  const client = await RpcSocketClient.connect(url);
  opened.push(client);
  return client;
}
async function withServer(extra: NodeJS.ProcessEnv, test: (server: RpcTestServer) => Promise<void>, rpcUrl = anvil().rpcUrl) {
  const other = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl }], env(extra));
  try {
    await test(other);
  } finally {
    await other.close();
  }
}
const wsUrl = (target: RpcTestServer, chain = 'eip155:31337') => socketUrl(target.rpcUrl(chain));

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  server = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: anvil().rpcUrl }, { chainId: 31338, rpcUrl: devnet.chain(31338).rpcUrl }], env());
}, 60_000);
afterAll(async () => {
  for (const client of opened) client.close();
  await server?.close();
  await database?.drop();
});

describe('/v1/?chainId=eip155:<id> over WebSocket', () => {
  it('lists in supported-chains exactly the chains it serves over WebSocket', async () => {
    expect((await get(server.app, '/v1/supported-chains')).json()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: ['eip155:31337'] });
    const refused = await refusedUpgrade(wsUrl(server, 'eip155:31338'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('chainId eip155:31338 is not served over WebSocket (see /v1/supported-chains)');
  });

  it('follows new heads and unsubscribes', async () => {
    const client = await connect(wsUrl(server));
    const subscribed = await client.call('eth_subscribe', ['newHeads']);
    expect(subscribed).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.stringMatching(/^0x/) });
    await anvil().rpc('evm_mine', []);
    const head = await anvil().client.getBlock({ blockTag: 'latest' });
    const notification = await client.notification(subscribed.result, (result) => (result as { hash?: string }).hash === head.hash);
    expect(notification.method).toBe('eth_subscription');
    expect(await client.call('eth_unsubscribe', [subscribed.result])).toMatchObject({ result: true });
  });

  it('follows a token’s transfer logs', async () => {
    const client = await connect(wsUrl(server));
    const receiver = TEST_ACCOUNTS[4]!.address;
    const subscribed = await client.call('eth_subscribe', ['logs', { address: DEVNET_CONTRACTS.testUsd }]);
    expect(subscribed.result).toEqual(expect.stringMatching(/^0x/));
    const { hash } = await anvil().sendErc20(2, DEVNET_CONTRACTS.testUsd, receiver, 5n);
    const log = (await client.notification(subscribed.result)).params.result as { transactionHash: string; address: string };
    expect(log.transactionHash).toBe(hash);
    expect(log.address.toLowerCase()).toBe(DEVNET_CONTRACTS.testUsd.toLowerCase());
  });

  it('answers ordinary calls and batches on the socket, and refuses what the allow-list refuses, before the node', async () => {
    const client = await connect(wsUrl(server));
    const address = TEST_ACCOUNTS[3]!.address;
    const before = await anvil().rpc<string>('eth_getBalance', [address, 'latest']);
    const answers = await client.batch([
      { method: 'eth_chainId' },
      { method: 'anvil_setBalance', params: [address, '0x0'] },
      { method: 'eth_getBalance', params: [address, 'latest'] },
      { method: 'eth_subscribe', params: ['newPendingTransactions'] },
    ]);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 3, result: before },
      { jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'Invalid params: eth_subscribe is not served for this feed' } },
    ]);
    expect(await anvil().rpc<string>('eth_getBalance', [address, 'latest'])).toBe(before);
    client.sendRaw('{"jsonrpc":');
    await expect.poll(() => client.frames.at(-1)).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the frame is not JSON"}}');
  });

  it('bounds subscriptions per connection and the frame size', async () => {
    await withServer({ RPC_WS_MAX_SUBSCRIPTIONS: '2', RPC_MAX_BODY_BYTES: '2048' }, async (bounded) => {
      const client = await connect(wsUrl(bounded));
      const [first, second, third] = await client.batch([{ method: 'eth_subscribe', params: ['newHeads'] }, { method: 'eth_subscribe', params: ['newHeads'] }, { method: 'eth_subscribe', params: ['newHeads'] }]);
      expect(first!.result).toBeDefined();
      expect(second!.result).toBeDefined();
      expect(third!.error).toEqual({ code: -32005, message: 'Too many subscriptions: one connection may hold at most 2' });
      expect((await client.call('eth_unsubscribe', [first!.result])).result).toBe(true);
      expect((await client.call('eth_subscribe', ['newHeads'])).result).toBeDefined();
      client.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'eth_call', params: [{ data: `0x${'00'.repeat(2048)}` }, 'latest'] }));
      expect(await client.closedByServer()).toEqual({ code: 1009, reason: 'Frame too large: at most 2048 bytes' });
    });
  });

  it('bounds sockets per client address and per project, with Retry-After', async () => {
    await withServer({ RPC_WS_MAX_CONNECTIONS_PER_IP: '2' }, async (bounded) => {
      await connect(wsUrl(bounded));
      const second = await connect(wsUrl(bounded));
      const refused = await refusedUpgrade(wsUrl(bounded));
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body.message).toBe('Too many websockets from this address: at most 2 at once');
      // Another address on this host (any 127.x.y.z on Linux) has its own.
      expect((await refusedUpgrade(wsUrl(bounded), { localAddress: '127.0.0.2' }).catch((error: Error) => error)) instanceof Error).toBe(true);
      second.close();
      await expect.poll(async () => (await RpcSocketClient.connect(wsUrl(bounded)).then((client) => (opened.push(client), 'open'), () => 'refused'))).toBe('open');
    });
    await withServer({ RPC_WS_MAX_CONNECTIONS_PER_PROJECT: '1' }, async (bounded) => {
      await connect(wsUrl(bounded));
      const refused = await refusedUpgrade(wsUrl(bounded), { localAddress: '127.0.0.3' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many websockets for this project: at most 1 at once');
    });
  });

  it('counts calls on the socket against the client’s call budget', async () => {
    await withServer({ RPC_CALLS_PER_MINUTE: '3' }, async (limited) => {
      const client = await connect(wsUrl(limited));
      expect((await client.batch([{ method: 'eth_chainId' }, { method: 'eth_chainId' }])).every((answer) => 'result' in answer)).toBe(true);
      expect((await client.call('eth_subscribe', ['newHeads'])).result).toBeDefined();
      const refused = await client.call('eth_chainId');
      expect(refused.error).toMatchObject({ code: -32005, message: expect.stringMatching(/^Please try again after \d+ seconds$/) });
    });
  });

  it('closes a socket with no subscription that stays idle, and keeps one that follows heads', async () => {
    await withServer({ RPC_WS_IDLE_MS: '300' }, async (idle) => {
      const quiet = await connect(wsUrl(idle));
      const following = await connect(wsUrl(idle));
      await following.call('eth_subscribe', ['newHeads']);
      expect(await quiet.closedByServer()).toEqual({ code: 1000, reason: 'Idle: no subscription and no call for 0 s' });
      expect(following.closed).toBeUndefined();
    });
  });

  it('opens the node’s socket on the next upstream when the first is down, and says so when none is up', async () => {
    const dead = `ws://127.0.0.1:${await deadPort()}`;
    await withServer({ RPC_WS_URL_31337: `${dead},${anvilSocket()}` }, async (failover) => {
      const client = await connect(wsUrl(failover));
      const subscribed = await client.call('eth_subscribe', ['newHeads']);
      await anvil().rpc('evm_mine', []);
      await client.notification(subscribed.result);
    });
    await withServer({ RPC_WS_URL_31337: dead }, async (down) => {
      const client = await connect(wsUrl(down));
      const answer: SocketAnswer = await client.call('eth_subscribe', ['newHeads']);
      expect(answer.error).toMatchObject({ code: -32603, message: 'Chain eip155:31337 is unavailable right now; try again shortly', data: { retryAfter: expect.any(Number) } });
      expect(JSON.stringify(answer)).not.toContain(dead);
      // Ordinary calls still go over HTTP to the node.
      expect((await client.call('eth_chainId')).result).toBe('0x7a69');
    });
  });

  it('answers a plain GET with 426, and an unknown project with 401', async () => {
    const plain = await fetch(`${server.rpcUrl('eip155:31337')}&st=cairn&sv=0.1.0`);
    expect(plain.status).toBe(426);
    const stranger = await refusedUpgrade(wsUrl(server).replace(/projectId=[^&]*/, 'projectId=stranger'));
    expect(stranger.status).toBe(401);
  });
});
