import { afterEach, describe, expect, it } from 'vitest';
import { Relay, type RelayOptions } from './relay.ts';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';

// The Relay class alone: sockets are arrays of frames, the clock is fixed, no server runs.

const NOW = 1_750_000_000_000;
const topic = (char: string) => char.repeat(64);

type Frame = { id: number; method?: string; params?: { data: Record<string, unknown> }; result?: unknown; error?: { code: number; message: string } };

const relays: Relay[] = [];
function newRelay(options: RelayOptions = {}): Relay {
  const relay = new Relay({ now: () => NOW, ...options });
  relays.push(relay);
  return relay;
}
afterEach(() => {
  for (const relay of relays.splice(0)) relay.stop();
});

/** A connection whose socket keeps every frame the relay sends it; acknowledges nothing unless told. */
function connect(relay: Relay, clientId: string) {
  const frames: Frame[] = [];
  const socket = { send: (frame: string) => void frames.push(JSON.parse(frame) as Frame), bufferedAmount: 0, terminate: () => {} };
  const connection = relay.connect(socket, clientId, '192.0.2.1');
  let nextId = 1;
  return {
    /** The relay answers synchronously: returns its answer to this request. */
    call(method: string, params: unknown): Frame {
      const id = 1000 + nextId++;
      connection.receive(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      return frames.find((frame) => frame.id === id && frame.method === undefined)!;
    },
    pushes: () => frames.filter((frame) => frame.method === 'irn_subscription'),
    answerPush(id: number, answer: { result: unknown } | { error: { code: number; message: string } }) {
      connection.receive(JSON.stringify({ id, jsonrpc: '2.0', ...answer }));
    },
  };
}

describe('Relay', () => {
  describe('topics per connection (maxTopicsPerConnection 2)', () => {
    const tooManyTopics = { code: RPC_ERROR_CODES.serverError, message: RELAY_ERRORS.tooManyTopics(2) };

    it('counts a topic once however often it is subscribed, and refuses a third', () => {
      const wallet = connect(newRelay({ limits: { maxTopicsPerConnection: 2 } }), 'wallet');
      expect(wallet.call('irn_batchSubscribe', { topics: [topic('a'), topic('a'), topic('b')] }).error).toBeUndefined();
      const again = wallet.call('irn_subscribe', { topic: topic('a') });
      expect(again.error).toBeUndefined();
      expect(wallet.call('irn_subscribe', { topic: topic('c') }).error).toEqual(tooManyTopics);
      // Unsubscribing frees a place.
      wallet.call('irn_unsubscribe', { topic: topic('a'), id: again.result });
      expect(wallet.call('irn_subscribe', { topic: topic('c') }).error).toBeUndefined();
    });

    it('refuses a batch that would pass the limit as a whole, following none of it', () => {
      const relay = newRelay({ limits: { maxTopicsPerConnection: 2 } });
      const wallet = connect(relay, 'wallet');
      expect(wallet.call('irn_batchSubscribe', { topics: [topic('a'), topic('b'), topic('c')] }).error).toEqual(tooManyTopics);
      expect(relay.stats().subscribedTopics).toBe(0);
    });

    it('refuses wc_proposeSession at the limit and stores nothing', () => {
      const relay = newRelay({ limits: { maxTopicsPerConnection: 2 } });
      const dapp = connect(relay, 'dapp');
      dapp.call('irn_batchSubscribe', { topics: [topic('a'), topic('b')] });
      const answer = dapp.call('wc_proposeSession', { pairingTopic: topic('c'), sessionProposal: 'proposal', ttl: 300 });
      expect(answer.error).toEqual(tooManyTopics);
      expect(relay.stats()).toMatchObject({ subscribedTopics: 2, storedMessages: 0 });
    });
  });

  describe('publishes per client (publishBurst 3, publishesPerSecond 2)', () => {
    const tooManyPublishes = { code: RPC_ERROR_CODES.serverError, message: RELAY_ERRORS.tooManyPublishes(2, 3) };
    const publish = (message: string) => ({ topic: topic('a'), message, ttl: 300 });

    it('refuses a client past its allowance, counting each message of a batch and every connection of the client, and lets it publish again as time passes', () => {
      let now = NOW;
      const relay = newRelay({ now: () => now, limits: { publishBurst: 3, publishesPerSecond: 2 } });
      const [flooder, flooderAgain, other] = [connect(relay, 'flooder'), connect(relay, 'flooder'), connect(relay, 'other')];
      expect(flooder.call('irn_batchPublish', { messages: [publish('1'), publish('2')] }).result).toBe(true);
      expect(flooderAgain.call('irn_publish', publish('3')).result).toBe(true);
      expect(flooder.call('irn_publish', publish('4')).error).toEqual(tooManyPublishes);
      expect(flooder.call('wc_proposeSession', { pairingTopic: topic('b'), sessionProposal: 'proposal', ttl: 300 }).error).toEqual(tooManyPublishes);
      expect(relay.stats()).toMatchObject({ storedMessages: 3, subscribedTopics: 0 });
      // Another client's allowance is its own.
      expect(other.call('irn_publish', publish('other')).result).toBe(true);
      now += 500;
      expect(flooder.call('irn_publish', publish('5')).result).toBe(true);
      expect(flooder.call('irn_publish', publish('6')).error).toEqual(tooManyPublishes);
      // A batch is refused whole when the allowance does not cover it.
      now += 1000;
      expect(flooder.call('irn_batchPublish', { messages: ['7', '8', '9'].map(publish) }).error).toEqual(tooManyPublishes);
      expect(relay.stats().storedMessages).toBe(5);
    });
  });

  it('cuts an irn_batchFetchMessages answer at maxFetchChars of text, always carrying one message', () => {
    const relay = newRelay({ limits: { maxFetchChars: 10 } });
    const [dapp, reader] = [connect(relay, 'dapp'), connect(relay, 'reader')];
    dapp.call('irn_batchPublish', { messages: ['four', 'five5', 'longer than ten'].map((message) => ({ topic: topic('a'), message, ttl: 300 })) });
    const page = (frame: Frame) => (frame.result as { messages: { message: string }[]; hasMore: boolean });
    const first = page(reader.call('irn_batchFetchMessages', { topics: [topic('a')] }));
    expect([first.messages.map((m) => m.message), first.hasMore]).toEqual([['four', 'five5'], true]);
    const second = page(reader.call('irn_batchFetchMessages', { topics: [topic('a')] }));
    expect([second.messages.map((m) => m.message), second.hasMore]).toEqual([['longer than ten'], false]);
  });

  it('delivers again a push the client answered with an error', () => {
    const relay = newRelay();
    const [dapp, wallet] = [connect(relay, 'dapp'), connect(relay, 'wallet')];
    wallet.call('irn_subscribe', { topic: topic('a') });
    dapp.call('irn_publish', { topic: topic('a'), message: 'hello', ttl: 300 });
    const [first] = wallet.pushes();
    wallet.answerPush(first!.id, { error: { code: -32000, message: 'could not decrypt' } });
    // Not acknowledged: the next subscribe sends it again.
    wallet.call('irn_subscribe', { topic: topic('a') });
    const [, again] = wallet.pushes();
    expect(again?.params?.data).toMatchObject({ topic: topic('a'), message: 'hello' });
    // Acknowledged with a result: never again.
    wallet.answerPush(again!.id, { result: true });
    wallet.call('irn_subscribe', { topic: topic('a') });
    expect(wallet.pushes()).toHaveLength(2);
  });

  describe('attestation', () => {
    it('hands a proposal’s attestation to the wallet with the message', () => {
      const relay = newRelay();
      const [dapp, wallet] = [connect(relay, 'dapp'), connect(relay, 'wallet')];
      dapp.call('wc_proposeSession', { pairingTopic: topic('a'), sessionProposal: 'proposal', ttl: 300, tag: 1100, attestation: 'att-jwt' });
      wallet.call('irn_subscribe', { topic: topic('a') });
      expect(wallet.pushes().map((push) => push.params?.data)).toEqual([{ topic: topic('a'), message: 'proposal', publishedAt: NOW, tag: 1100, attestation: 'att-jwt' }]);
    });

    it('hands a published message’s attestation to a subscriber and to irn_batchFetchMessages, and omits an absent one', () => {
      const relay = newRelay();
      const [dapp, wallet, reader] = [connect(relay, 'dapp'), connect(relay, 'wallet'), connect(relay, 'reader')];
      wallet.call('irn_subscribe', { topic: topic('a') });
      dapp.call('irn_batchPublish', {
        messages: [
          { topic: topic('a'), message: 'attested', ttl: 300, tag: 1108, attestation: 'att-jwt' },
          { topic: topic('a'), message: 'plain', ttl: 300, tag: 1108 },
        ],
      });
      const expected = [
        { topic: topic('a'), message: 'attested', publishedAt: NOW, tag: 1108, attestation: 'att-jwt' },
        { topic: topic('a'), message: 'plain', publishedAt: NOW, tag: 1108 },
      ];
      const pushed = wallet.pushes().map((push) => push.params?.data);
      expect(pushed).toEqual(expected);
      expect(pushed[1]).not.toHaveProperty('attestation');
      expect(reader.call('irn_batchFetchMessages', { topics: [topic('a')] }).result).toEqual({ messages: expected, hasMore: false });
    });
  });
});
