import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';
import type { RelayLimits } from './relayLimits.ts';
import { RawRelayClient } from './testing/rawRelayClient.ts';
import { startRelayServer, type RelayServer } from './testing/startRelayServer.ts';

const newTopic = () => randomBytes(32).toString('hex');
const publish = (topic: string, message: string) => ({ topic, message, ttl: 300, tag: 1100 });

const LIMITS = {
  maxStoredBytesPerClient: 64 * 1024,
  maxStoredBytesPerIp: 256 * 1024,
  messageOverheadBytes: 384,
  topicOverheadBytes: 320,
  publishBurst: 100_000,
};
// The flood comes from another address than its victims (Linux answers on all of 127/8).
const FLOODER_ADDRESS = '127.0.0.2';

/** A relay of its own for one test, and its clients (from `localAddress`, any 127.x.y.z), all closed after. */
async function withRelayServer(limits: Partial<RelayLimits>, test: (server: RelayServer, connect: (localAddress?: string) => Promise<RawRelayClient>) => Promise<void>): Promise<void> {
  const server = await startRelayServer({ limits });
  const clients: RawRelayClient[] = [];
  try {
    await test(server, async (localAddress) => {
      const client = await RawRelayClient.connect(server.url, { localAddress });
      clients.push(client);
      return client;
    });
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  }
}

describe('relay under a publish flood (real websockets)', () => {
  let server: RelayServer;
  const clients: RawRelayClient[] = [];
  const connect = async (options?: Parameters<typeof RawRelayClient.connect>[1]) => {
    const client = await RawRelayClient.connect(server.url, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startRelayServer({ limits: LIMITS });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });

  it('refuses one client past its quota, charged per message and per topic, and never evicts another client’s message', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const sessionTopic = newTopic();
    expect((await dapp.call('irn_publish', publish(sessionTopic, 'for the wallet'))).result).toBe(true);

    // One-character messages, each on a topic of its own: almost all of their cost is overhead.
    const flooder = await connect({ localAddress: FLOODER_ADDRESS });
    const flood = await flooder.call('irn_batchPublish', { messages: Array.from({ length: 500 }, () => publish(newTopic(), 'x')) });
    expect(flood.error).toEqual({ code: RPC_ERROR_CODES.serverError, message: RELAY_ERRORS.clientQuota(LIMITS.maxStoredBytesPerClient) });
    const perMessage = LIMITS.messageOverheadBytes + LIMITS.topicOverheadBytes + 1;
    expect(server.relay.stats().storedMessages).toBe(1 + Math.floor(LIMITS.maxStoredBytesPerClient / perMessage));

    // Late, the wallet still finds the dapp's message, and the dapp still publishes.
    await wallet.call('irn_subscribe', { topic: sessionTopic });
    expect((await wallet.waitForDeliveries(1)).map((delivery) => delivery.data.message)).toEqual(['for the wallet']);
    expect((await dapp.call('irn_publish', publish(sessionTopic, 'still served'))).result).toBe(true);
    expect((await wallet.waitForDeliveries(2))[1]!.data.message).toBe('still served');
  });

  it('refuses a flood that changes client key at its address’s quota, and holds the mailbox under it', async () => {
    const before = server.relay.stats().storedBytes;
    const refusals: string[] = [];
    for (let key = 0; key < 8; key++) {
      const flooder = await connect({ localAddress: FLOODER_ADDRESS });
      const answer = await flooder.call('irn_batchPublish', { messages: Array.from({ length: 500 }, (_, i) => publish(newTopic(), `key ${key} message ${i}`)) });
      refusals.push(answer.error?.message ?? 'stored');
    }
    // The first test's flooder holds 64 KiB of this address's 256 KiB: three fresh keys fill it.
    expect(refusals).toEqual([
      ...Array(3).fill(RELAY_ERRORS.clientQuota(LIMITS.maxStoredBytesPerClient)),
      ...Array(5).fill(RELAY_ERRORS.ipQuota(LIMITS.maxStoredBytesPerIp)),
    ]);
    expect(server.relay.stats().storedBytes - before).toBeLessThanOrEqual(LIMITS.maxStoredBytesPerIp);

    // Another address is not held to this one's quota.
    const dapp = await connect();
    expect((await dapp.call('irn_publish', publish(newTopic(), 'another address'))).result).toBe(true);
  });
});

describe('relay under a publish flood from many addresses (real websockets)', () => {
  it('keeps the mailbox under maxStoredBytes by dropping the flooders’ oldest messages, never a light user’s, and keeps taking the light user’s new ones', async () => {
    const limits = { ...LIMITS, maxStoredBytes: 512 * 1024, maxStoredBytesPerIp: 128 * 1024 };
    await withRelayServer(limits, async (server, connect) => {
      const [dapp, wallet] = [await connect(), await connect()];
      const sessionTopic = newTopic();
      await dapp.call('irn_publish', publish(sessionTopic, 'stored before the flood'));
      // Eight addresses with two keys each: 8 × 128 KiB would be twice the mailbox.
      for (let address = 10; address < 18; address++) {
        for (let key = 0; key < 2; key++) {
          const flooder = await connect(`127.0.0.${address}`);
          await flooder.call('irn_batchPublish', { messages: Array.from({ length: 200 }, (_, i) => publish(newTopic(), `flood ${address}.${key}.${i}`)) });
        }
      }
      const stats = server.relay.stats();
      expect(stats.storedBytes).toBeLessThanOrEqual(limits.maxStoredBytes);
      expect(stats.evictedMessages).toBeGreaterThan(0);

      expect((await dapp.call('irn_publish', publish(sessionTopic, 'published during the flood'))).result).toBe(true);
      await wallet.call('irn_subscribe', { topic: sessionTopic });
      const deliveries = await wallet.waitForDeliveries(2);
      expect(deliveries.map((delivery) => delivery.data.message)).toEqual(['stored before the flood', 'published during the flood']);
    });
  });
});

describe('relay under a flood on one topic (real websockets)', () => {
  it("keeps the honest publisher's stored message when many connections and keys flood its full topic", async () => {
    const limits = { ...LIMITS, maxMessagesPerTopic: 20 };
    await withRelayServer(limits, async (_server, connect) => {
      const [dapp, wallet] = [await connect(), await connect()];
      const sessionTopic = newTopic();
      await dapp.call('irn_publish', publish(sessionTopic, 'session proposal'));
      // Whoever learnt the topic: ten keys, on ten connections from one address, 100 messages.
      for (let key = 0; key < 10; key++) {
        const flooder = await connect(FLOODER_ADDRESS);
        await flooder.call('irn_batchPublish', { messages: Array.from({ length: 10 }, (_, i) => publish(sessionTopic, `flood ${key}.${i}`)) });
      }
      await wallet.call('irn_subscribe', { topic: sessionTopic });
      const deliveries = await wallet.waitForDeliveries(limits.maxMessagesPerTopic);
      expect(deliveries[0]!.data.message).toBe('session proposal');
      expect(deliveries.slice(1).every((delivery) => delivery.data.message.startsWith('flood 9.') || delivery.data.message.startsWith('flood 8.'))).toBe(true);
    });
  });
});
