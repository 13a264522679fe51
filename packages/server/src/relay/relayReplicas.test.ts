import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { startStallingProxy, type StallingProxy } from '../testing/stallingProxy.ts';
import { startTestRedis, type TestRedis } from '../testing/testRedis.ts';
import { waitFor } from '../testing/waitFor.ts';
import { testConfig } from '../testing/testServer.ts';
import { blockOutboundConnections } from './testing/blockOutboundConnections.ts';
import { RawRelayClient } from './testing/rawRelayClient.ts';
import { closePeers, pairSignAndDisconnect, type WalletConnectPeers } from './testing/walletConnectPeers.ts';
import { RELAY_PATH } from './relayRoute.ts';

const redis = await startTestRedis();
const topic = (char: string) => char.repeat(64);
const publish = (text: string, on: string) => ({ topic: on, message: text, ttl: 300, tag: 1100, prompt: false });

describe.skipIf('skipped' in redis)('the relay across replicas (REDIS_URL)', () => {
  const { url: redisUrl, stop } = redis as TestRedis;
  let database: TestDatabase;
  const replicas: FastifyInstance[] = [];
  const clients: RawRelayClient[] = [];
  let peers: Partial<WalletConnectPeers> = {};

  const proxies: StallingProxy[] = [];

  /** Starts one more replica (on the shared database and Redis, or Redis at `reachedAt`); resolves with its relay URL. */
  async function startReplica(reachedAt = redisUrl, settings: Record<string, string> = {}): Promise<string> {
    const app = await createServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false', REDIS_URL: reachedAt, ...settings }));
    replicas.push(app);
    return `${(await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}${RELAY_PATH}`;
  }
  async function client(relayUrl: string) {
    const connected = await RawRelayClient.connect(relayUrl);
    clients.push(connected);
    return connected;
  }
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    a = await startReplica();
    b = await startReplica();
  });
  afterAll(async () => {
    await closePeers(peers);
    for (const connected of clients) await connected.close();
    for (const replica of replicas) await replica.close();
    for (const proxy of proxies) await proxy.close();
    await database?.drop();
    await stop();
  });

  it('delivers a message published on one replica once to a subscriber on another', async () => {
    const wallet = await client(b);
    const dapp = await client(a);
    await wallet.call('irn_subscribe', { topic: topic('1') });
    expect((await dapp.call('irn_publish', publish('first', topic('1')))).result).toBe(true);
    // The same text again (a client's retry) is the same message.
    await dapp.call('irn_publish', publish('first', topic('1')));
    await dapp.call('irn_publish', publish('second', topic('1')));
    await wallet.waitForDeliveries(2);
    const third = await client(a);
    await third.call('irn_publish', publish('third', topic('1')));
    await wallet.waitForDeliveries(3);
    expect(wallet.deliveries.map((delivery) => delivery.data.message)).toEqual(['first', 'second', 'third']);
  });

  it('keeps a message for a subscriber that comes later to another replica, and never gives it again once acknowledged there', async () => {
    const dapp = await client(a);
    await dapp.call('irn_publish', publish('while away', topic('2')));
    const wallet = await client(b);
    await wallet.call('irn_subscribe', { topic: topic('2') });
    await wallet.waitForDeliveries(1);
    await wallet.close();

    // Back through the other replica (the load balancer's pick): the acknowledged message stays delivered.
    const again = await RawRelayClient.connect(a, { keyPair: wallet.keyPair });
    clients.push(again);
    await again.call('irn_subscribe', { topic: topic('2') });
    await dapp.call('irn_publish', publish('after', topic('2')));
    await again.waitForDeliveries(1);
    expect(again.deliveries.map((delivery) => delivery.data.message)).toEqual(['after']);
  });

  it('delivers a message published once exactly once to a subscriber that acknowledged it on one replica and comes back through another that has not heard of it yet', async () => {
    // Replica s reaches Redis through a network that can stall: it can be made to lag behind the
    // stream, as a busy replica does. No per-IP limit on it, so its requests need no Redis.
    const proxy = await startStallingProxy((redis as TestRedis).port);
    proxies.push(proxy);
    const s = await startReplica(proxy.url, { RATE_LIMIT_PER_MINUTE: '0' });
    const wallet = await client(b);
    wallet.acknowledge = false;
    await wallet.call('irn_subscribe', { topic: topic('5') });
    const dapp = await client(s);
    await dapp.call('irn_publish', publish('published once', topic('5')));
    await wallet.waitForDeliveries(1);

    // s stops hearing the others; the wallet acknowledges on b, and b shares it.
    proxy.hold();
    const stream = new Redis(redisUrl);
    try {
      wallet.acknowledgeReceived();
      await waitFor(async () => (await stream.xrange('cairn:relay', '-', '+')).some(([, fields]) => fields[1]!.includes('"kind":"ack"') && fields[1]!.includes('published once')), 'the acknowledgement shared', 5000);
    } finally {
      stream.disconnect();
    }
    await wallet.close();
    // Back through s (the load balancer's pick), which still holds the message unacknowledged.
    const again = await RawRelayClient.connect(s, { keyPair: wallet.keyPair });
    clients.push(again);
    await again.call('irn_subscribe', { topic: topic('5') });
    proxy.release();
    await dapp.call('irn_publish', publish('next', topic('5')));
    await waitFor(() => again.deliveries.some((delivery) => delivery.data.message === 'next'), 'the next message', 5000);
    const received = [...wallet.deliveries, ...again.deliveries].map((delivery) => delivery.data.message);
    expect(received).toEqual(['published once', 'next']);
  });

  it('gives a replica started later the messages stored before it', async () => {
    const dapp = await client(a);
    await dapp.call('irn_publish', publish('before the third replica', topic('3')));
    const c = await startReplica();
    const wallet = await client(c);
    await wallet.call('irn_subscribe', { topic: topic('3') });
    await wallet.waitForDeliveries(1);
    expect(wallet.deliveries[0]!.data.message).toBe('before the third replica');
  });

  it('keeps what is published while Redis is down, and delivers it once to a subscriber on another replica when Redis is back', async () => {
    const wallet = await client(b);
    await wallet.call('irn_subscribe', { topic: topic('4') });
    const dapp = await client(a);
    await stop();
    try {
      // The publisher is answered at once: its message waits on its replica, not lost.
      expect((await dapp.call('irn_publish', publish('during the outage', topic('4')))).result).toBe(true);
      expect((await dapp.call('irn_publish', publish('still down', topic('4')))).result).toBe(true);
    } finally {
      // Restarted empty, as a Redis without persistence comes back.
      await (redis as TestRedis).start();
    }
    await wallet.waitForDeliveries(2);
    await dapp.call('irn_publish', publish('after', topic('4')));
    await wallet.waitForDeliveries(3);
    expect(wallet.deliveries.map((delivery) => delivery.data.message)).toEqual(['during the outage', 'still down', 'after']);
  });

  it('pairs a stock dapp on one replica with a stock wallet on another: approve, request, answer, disconnect', async () => {
    const network = blockOutboundConnections();
    try {
      await pairSignAndDisconnect(a, b, (created) => (peers = created));
    } finally {
      network.restore();
    }
  });
});
