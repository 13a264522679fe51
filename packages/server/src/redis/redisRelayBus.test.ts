import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { RelayEvent } from '../relay/relayBus.ts';
import { startTestRedis, type TestRedis } from '../testing/testRedis.ts';
import { waitFor } from '../testing/waitFor.ts';
import { redisRelayBus } from './redisRelayBus.ts';
import { SharedState } from './sharedState.ts';

const redis = await startTestRedis();
const quiet = { warn: () => undefined, info: () => undefined };
const ack = (n: number): RelayEvent => ({ kind: 'ack', topic: 'a'.repeat(64), message: `message ${n}`, clientId: 'client' });

describe.skipIf('skipped' in redis)('the relay bus while Redis is down', () => {
  const { url, stop, start } = redis as TestRedis;
  afterAll(() => stop());

  it('keeps up to its bound of events, then refuses more; writes them in order once Redis is back', async () => {
    const shared = new SharedState(url, pino({ level: 'silent' }));
    await shared.connect();
    const bus = redisRelayBus(shared, { events: 3, bytes: 1024 * 1024 }, quiet);
    const reader = new Redis(url, { lazyConnect: true });
    try {
      await stop();
      expect([1, 2, 3].map((n) => bus.share(ack(n)))).toEqual([true, true, true]);
      expect(bus.accepting).toBe(false);
      expect(bus.share(ack(4))).toBe(false);
      await start();
      await reader.connect();
      await waitFor(async () => (await reader.xlen('cairn:relay')) === 3, 'the kept events written', 10_000);
      expect(bus.accepting).toBe(true);
      const entries = await reader.xrange('cairn:relay', '-', '+');
      expect(entries.map(([, fields]) => (JSON.parse(fields[1]!) as { event: { message: string } }).event.message)).toEqual(['message 1', 'message 2', 'message 3']);
    } finally {
      bus.stop();
      reader.disconnect();
      await shared.close();
    }
  });

  it("answers current() at once while Redis is down (a subscriber is served what this replica holds), and again once it is back", async () => {
    const shared = new SharedState(url, pino({ level: 'silent' }));
    await shared.connect();
    const bus = redisRelayBus(shared, { events: 10, bytes: 1024 * 1024 }, quiet);
    bus.start(() => undefined);
    try {
      await stop();
      const started = performance.now();
      await expect(bus.current()).resolves.toBeUndefined();
      expect(performance.now() - started).toBeLessThan(1_000);
      await start();
      // Back: the reader has reached the stream's end (the kept events of the test before), so it waits for nothing.
      await waitFor(async () => (await Promise.race([bus.current().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1_000))])) === true, 'current() once Redis is back', 15_000);
    } finally {
      bus.stop();
      await shared.close();
    }
  });
});
