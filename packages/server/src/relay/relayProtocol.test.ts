import { createHash, randomBytes } from 'node:crypto';
import { encodeIss, generateKeyPair } from '@walletconnect/relay-auth';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';
import { RawRelayClient, refusedUpgrade, relayToken, relayTokenWithPayload } from './testing/rawRelayClient.ts';
import { startRelayServer, type RelayServer } from './testing/startRelayServer.ts';

const newTopic = () => randomBytes(32).toString('hex');
const publish = (topic: string, message: string, ttl = 300) => ({ topic, message, ttl, tag: 1100 });

describe('relay protocol (raw websocket clients)', () => {
  let clock = Date.now();
  let server: RelayServer;
  const clients: RawRelayClient[] = [];
  const connect = async (options?: Parameters<typeof RawRelayClient.connect>[1]) => {
    const client = await RawRelayClient.connect(server.url, { issuedAt: Math.floor(clock / 1000), ...options });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startRelayServer({ now: () => clock, limits: { maxMessageChars: 1000, maxFetchMessages: 3, maxMessagesPerTopic: 1200, publishBurst: 10_000 } });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers irn_subscribe with the id the client computes: sha256(topic + its did:key)', async () => {
    const client = await connect();
    const topic = newTopic();
    const answer = await client.call('irn_subscribe', { topic });
    expect(answer.result).toBe(createHash('sha256').update(topic + client.clientId).digest('hex'));
  });

  it('delivers a topic’s messages to a subscriber in publish order', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const topic = newTopic();
    await wallet.call('irn_subscribe', { topic });
    for (let i = 0; i < 20; i++) expect((await dapp.call('irn_publish', publish(topic, `message-${i}`))).result).toBe(true);
    const deliveries = await wallet.waitForDeliveries(20);
    expect(deliveries.map((delivery) => delivery.data.message)).toEqual(Array.from({ length: 20 }, (_, i) => `message-${i}`));
    expect(deliveries[0]).toEqual({ id: createHash('sha256').update(topic + wallet.clientId).digest('hex'), data: { topic, message: 'message-0', publishedAt: clock, tag: 1100 } });
  });

  it('keeps a message for a late subscriber until its TTL, then never delivers it', async () => {
    const dapp = await connect();
    const topic = newTopic();
    await dapp.call('irn_publish', publish(topic, 'short-lived', 30));
    await dapp.call('irn_publish', publish(topic, 'long-lived', 300));
    clock += 31_000;
    const late = await connect();
    await late.call('irn_subscribe', { topic });
    await late.call('irn_subscribe', { topic: newTopic() }); // answers after any backlog push
    expect(late.deliveries.map((delivery) => delivery.data.message)).toEqual(['long-lived']);
    // Expired, swept from memory or not (mailbox.test covers the sweep): never delivered.
    clock += 300_000;
    const later = await connect();
    await later.call('irn_subscribe', { topic });
    await later.call('irn_subscribe', { topic: newTopic() });
    expect(later.deliveries).toEqual([]);
  });

  it('never sends a message back to the client that published it', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const topic = newTopic();
    await dapp.call('irn_subscribe', { topic });
    await wallet.call('irn_subscribe', { topic });
    await dapp.call('irn_publish', publish(topic, 'from the dapp'));
    await wallet.waitForDeliveries(1);
    // Pushes precede the answer on the same socket: an echo would already be here.
    await dapp.call('irn_subscribe', { topic: newTopic() });
    expect(dapp.deliveries).toEqual([]);
    // Nor on the same client's next connection.
    const dappAgain = await connect({ keyPair: dapp.keyPair });
    await dappAgain.call('irn_subscribe', { topic });
    await dappAgain.call('irn_subscribe', { topic: newTopic() });
    expect(dappAgain.deliveries).toEqual([]);
  });

  it('delivers a message once to a subscriber that subscribes twice, and a retried publish once', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const topic = newTopic();
    await dapp.call('irn_publish', publish(topic, 'once'));
    await dapp.call('irn_publish', publish(topic, 'once')); // the SDK's publish retry: same text
    wallet.acknowledge = false;
    await wallet.call('irn_subscribe', { topic });
    await wallet.call('irn_batchSubscribe', { topics: [topic, topic] });
    expect(wallet.deliveries.map((delivery) => delivery.data.message)).toEqual(['once']);
    // Acknowledged, it is not delivered again to that client, even on a new connection.
    wallet.acknowledgeReceived();
    const walletAgain = await connect({ keyPair: wallet.keyPair });
    await walletAgain.call('irn_subscribe', { topic });
    await walletAgain.call('irn_subscribe', { topic: newTopic() });
    expect(walletAgain.deliveries).toEqual([]);
  });

  it('delivers again on the next connection a message the client never acknowledged', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const topic = newTopic();
    wallet.acknowledge = false;
    await wallet.call('irn_subscribe', { topic });
    await dapp.call('irn_publish', publish(topic, 'lost with the socket'));
    await wallet.waitForDeliveries(1);
    await wallet.close();
    const walletAgain = await connect({ keyPair: wallet.keyPair });
    await walletAgain.call('irn_subscribe', { topic });
    expect((await walletAgain.waitForDeliveries(1)).map((delivery) => delivery.data.message)).toEqual(['lost with the socket']);
  });

  it('stops delivering after irn_unsubscribe', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const topic = newTopic();
    const { result: id } = await wallet.call('irn_subscribe', { topic });
    await dapp.call('irn_publish', publish(topic, 'before'));
    await wallet.waitForDeliveries(1);
    expect((await wallet.call('irn_unsubscribe', { topic, id })).result).toBe(true);
    await dapp.call('irn_publish', publish(topic, 'after'));
    await wallet.call('irn_subscribe', { topic: newTopic() });
    expect(wallet.deliveries.map((delivery) => delivery.data.message)).toEqual(['before']);
  });

  it('serves the batch methods: subscribe, publish, unsubscribe and fetch with hasMore', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const [first, second] = [newTopic(), newTopic()];
    const subscribed = await wallet.call('irn_batchSubscribe', { topics: [first, second] });
    const ids = [first, second].map((topic) => createHash('sha256').update(topic + wallet.clientId).digest('hex'));
    expect(subscribed.result).toEqual(ids);
    await dapp.call('irn_batchPublish', { messages: [publish(first, 'one'), publish(second, 'two')] });
    expect((await wallet.waitForDeliveries(2)).map((delivery) => [delivery.data.topic, delivery.data.message])).toEqual([[first, 'one'], [second, 'two']]);
    await wallet.call('irn_batchUnsubscribe', { subscriptions: [{ topic: first, id: ids[0] }, { topic: second, id: ids[1] }] });
    await dapp.call('irn_batchPublish', { messages: ['a', 'b', 'c', 'd'].map((text) => publish(first, text)) });
    await wallet.call('irn_subscribe', { topic: newTopic() });
    expect(wallet.deliveries).toHaveLength(2);

    // Fetching pages through what the mailbox holds for the client (limit 3 per answer here).
    const page = await wallet.call('irn_batchFetchMessages', { topics: [first, second] });
    expect(page.result).toEqual({ messages: ['a', 'b', 'c'].map((message) => ({ topic: first, message, publishedAt: clock, tag: 1100 })), hasMore: true });
    const rest = await wallet.call('irn_batchFetchMessages', { topics: [first, second] });
    expect(rest.result).toEqual({ messages: [{ topic: first, message: 'd', publishedAt: clock, tag: 1100 }], hasMore: false });
  });

  it('subscribes the dapp to the pairing topic on wc_proposeSession and the wallet to the session topic on wc_approveSession', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const [pairingTopic, sessionTopic] = [newTopic(), newTopic()];
    expect((await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, correlationId: 1 })).result).toBe(true);
    await wallet.call('irn_subscribe', { topic: pairingTopic });
    expect((await wallet.waitForDeliveries(1))[0]!.data).toMatchObject({ topic: pairingTopic, message: 'proposal' });

    const approval = { pairingTopic, sessionTopic, sessionProposalResponse: 'response', sessionSettlementRequest: 'settle', ttl: 300, correlationId: 1, chainId: 'eip155:1' };
    expect((await wallet.call('wc_approveSession', approval)).result).toBe(true);
    // The dapp never sent irn_subscribe for the pairing topic, yet gets the wallet's answer there.
    expect((await dapp.waitForDeliveries(1))[0]!.data).toMatchObject({ topic: pairingTopic, message: 'response' });
    await dapp.call('irn_subscribe', { topic: sessionTopic });
    expect((await dapp.waitForDeliveries(2))[1]!.data).toMatchObject({ topic: sessionTopic, message: 'settle' });
    // And the wallet, which never subscribed to the session topic, gets the dapp's messages there.
    await dapp.call('irn_publish', publish(sessionTopic, 'settle ack'));
    expect((await wallet.waitForDeliveries(2))[1]!.data).toMatchObject({ topic: sessionTopic, message: 'settle ack' });
  });

  it('carries 1,000 messages from one client to another without loss, in order', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const topic = newTopic();
    await wallet.call('irn_subscribe', { topic });
    const texts = Array.from({ length: 1000 }, (_, i) => `bulk-${i}`);
    const answers = await Promise.all(texts.map((text) => dapp.call('irn_publish', publish(topic, text))));
    expect(answers.every((answer) => answer.result === true)).toBe(true);
    const deliveries = await wallet.waitForDeliveries(1000, '1,000 deliveries');
    expect(deliveries.map((delivery) => delivery.data.message)).toEqual(texts);
  });

  it('refuses a missing, expired, out-of-range or forged auth JWT with HTTP 401 and the reason', async () => {
    const keyPair = generateKeyPair();
    expect(await refusedUpgrade(server.url)).toMatchObject({ status: 401, body: expect.objectContaining({ message: RELAY_ERRORS.missingAuth }) });

    const expired = await relayToken(keyPair, server.url, { issuedAt: Math.floor(clock / 1000) - 7200, ttlSeconds: 3600 });
    const refusedExpired = await refusedUpgrade(`${server.url}?auth=${expired}`);
    expect(refusedExpired.status).toBe(401);
    expect(refusedExpired.body.message).toMatch(/^Invalid auth JWT: expired at /);

    // A payload signed by one key but claiming another key as iss.
    const [header, , signature] = (await relayToken(keyPair, server.url)).split('.');
    const [, otherPayload] = (await relayToken(generateKeyPair(), server.url)).split('.');
    const forged = await refusedUpgrade(`${server.url}?auth=${header}.${otherPayload}.${signature}`);
    expect(forged).toMatchObject({ status: 401, body: expect.objectContaining({ message: RELAY_ERRORS.invalidAuth('signature does not verify') }) });

    // An exp past a JavaScript date's range is a 401 like the others, never a 500.
    const outOfRange = relayTokenWithPayload(keyPair, `{"iss":"${encodeIss(keyPair.publicKey)}","sub":"s","aud":"${server.url}","iat":${Math.floor(clock / 1000)},"exp":-1e20}`);
    expect(await refusedUpgrade(`${server.url}?auth=${outOfRange}`)).toMatchObject({
      status: 401,
      body: { message: RELAY_ERRORS.invalidAuth('iat and exp must be times in seconds within ±8640000000000') },
    });

    const garbage = await refusedUpgrade(`${server.url}?auth=not-a-jwt`);
    expect(garbage.body.message).toBe(RELAY_ERRORS.invalidAuth('not a JWT (header.payload.signature)'));
    expect(server.relay.stats().connections).toBe(0);
  });

  it('answers malformed frames with JSON-RPC errors and keeps the connection', async () => {
    const client = await connect();
    const error = async (frame: string | Buffer) => (await client.sendRaw(frame)).error;
    const request = (params: unknown, method = 'irn_publish') => JSON.stringify({ id: 7, jsonrpc: '2.0', method, params });
    expect(await error('{not json')).toEqual({ code: RPC_ERROR_CODES.parseError, message: RELAY_ERRORS.parseError });
    expect(await error(Buffer.from('{}'))).toEqual({ code: RPC_ERROR_CODES.parseError, message: RELAY_ERRORS.binaryFrame });
    expect(await error('[{"id":1,"method":"irn_subscribe"}]')).toEqual({ code: RPC_ERROR_CODES.invalidRequest, message: RELAY_ERRORS.notAnObject });
    expect(await error('{"id":{},"method":"irn_subscribe"}')).toEqual({ code: RPC_ERROR_CODES.invalidRequest, message: RELAY_ERRORS.badId });
    expect(await error(request({}, 'eth_sendTransaction'))).toEqual({ code: RPC_ERROR_CODES.methodNotFound, message: RELAY_ERRORS.unknownMethod('eth_sendTransaction') });
    const topic = newTopic();
    const invalid: [unknown, RegExp][] = [
      [undefined, /params must be an object/],
      [publish('abc', 'x'), /topic must be 64 lowercase hex characters/],
      [publish(topic.toUpperCase(), 'x'), /topic must be 64 lowercase hex characters/],
      [publish(topic, 'x'.repeat(1001)), /message must be a non-empty string of at most 1000 characters/],
      [{ ...publish(topic, 'x'), message: 42 }, /message must be a non-empty string/],
      [publish(topic, 'x', 0), /ttl must be an integer from 1 to 2592000/],
      [publish(topic, 'x', 1.5), /ttl must be an integer/],
      [publish(topic, 'x', 40 * 24 * 3600), /ttl must be an integer/],
      [{ ...publish(topic, 'x'), tag: 'urgent' }, /tag must be an integer/],
      [{ ...publish(topic, 'x'), attestation: 5 }, /attestation must be a string/],
    ];
    for (const [params, message] of invalid) {
      const answer = await error(request(params));
      expect(answer?.code, JSON.stringify(params)).toBe(RPC_ERROR_CODES.invalidParams);
      expect(answer?.message, JSON.stringify(params)).toMatch(message);
    }
    expect((await error(request({ topics: [] }, 'irn_batchSubscribe')))?.message).toMatch(/topics must be an array of 1 to 500 entries/);
    expect((await error(request({ topic, id: 'x' }, 'irn_unsubscribe')))?.message).toMatch(/id must be the subscription id/);
    // Still serving.
    expect((await client.call('irn_publish', publish(topic, 'fine'))).result).toBe(true);
  });

  it('writes a 19-digit request id back exactly as it came (the SDK’s ids exceed 2^53)', async () => {
    const client = await connect();
    const frame = `{"id":1717171717171717171,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${newTopic()}"}}`;
    client.socket.send(frame);
    await waitFor(() => client.rawFrames.some((text) => text.startsWith('{"id":1717171717171717171,')), 'the answer with the same id', 5000);
  });

  it('keeps at most maxMessagesPerTopic in a topic’s mailbox, dropping the oldest', async () => {
    const dapp = await connect();
    const topic = newTopic();
    await Promise.all(Array.from({ length: 1205 }, (_, i) => dapp.call('irn_publish', publish(topic, `kept-${i}`))));
    const late = await connect();
    await late.call('irn_subscribe', { topic });
    const deliveries = await late.waitForDeliveries(1200);
    expect(deliveries).toHaveLength(1200);
    expect(deliveries[0]!.data.message).toBe('kept-5');
  });
});

describe('relay liveness', () => {
  it('keeps a socket that answers pings and drops one that does not', async () => {
    const server = await startRelayServer({ pingIntervalMs: 40 });
    const answering = await RawRelayClient.connect(server.url);
    const silent = await RawRelayClient.connect(server.url, { autoPong: false });
    try {
      let pings = 0;
      answering.socket.on('ping', () => pings++);
      let silentClosed = false;
      silent.socket.on('close', () => (silentClosed = true));
      await waitFor(() => silentClosed, 'the relay to drop the socket that ignores pings', 5000);
      await waitFor(() => pings >= 5, 'five pings answered', 5000);
      expect(answering.socket.readyState).toBe(answering.socket.OPEN);
      expect(server.relay.stats().connections).toBe(1);
    } finally {
      await answering.close();
      await silent.close();
      await server.close();
    }
  });
});

describe('RELAY_ENABLED=false', () => {
  it('serves no relay: the upgrade on /relay is not accepted', async () => {
    const config = testConfig({ dialect: 'sqlite', path: ':memory:' }, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false', RELAY_ENABLED: 'false' });
    const app = await createServer(config);
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      expect(app.relay).toBeUndefined();
      expect(await refusedUpgrade(`${address.replace(/^http/, 'ws')}/relay`)).toMatchObject({ status: 404, body: expect.objectContaining({ message: 'No route GET /relay' }) });
    } finally {
      await app.close();
    }
  });
});
