import { Redis } from 'ioredis';
import pino from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayBus, RelayEvent } from '../relay/relayBus.ts';
import { startStallingProxy, type StallingProxy } from '../testing/stallingProxy.ts';
import { startTestRedis, type TestRedis } from '../testing/testRedis.ts';
import { waitFor } from '../testing/waitFor.ts';
import { CATCH_UP_MAX_MS, redisRelayBus } from './redisRelayBus.ts';
import { SharedState } from './sharedState.ts';

const redis = await startTestRedis();
const quiet = { warn: () => undefined, info: () => undefined };
const ackOf = (message: string): RelayEvent => ({ kind: 'ack', topic: 'a'.repeat(64), message, clientId: 'client' });
const ack = (n: number) => ackOf(`message ${n}`);
afterAll(() => ('skipped' in redis ? undefined : redis.stop()));

describe.skipIf('skipped' in redis)('the relay bus while Redis is down', () => {
  const { url, stop, start } = redis as TestRedis;

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
      // The stream can hold the three a moment before the bus has the answer to its write.
      await waitFor(async () => (await reader.xlen('cairn:relay')) === 3 && bus.accepting, 'the kept events written, and the bus accepting again', 10_000);
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

describe.skipIf('skipped' in redis)('current() while this replica lags behind the stream', () => {
  const { url, port } = redis as TestRedis;
  let proxy: StallingProxy;
  const closing: (() => unknown)[] = [];
  beforeAll(async () => {
    proxy = await startStallingProxy(port);
  });
  afterAll(async () => {
    for (const close of closing.splice(0)) await close();
    await proxy.close();
  });

  /**
   * A bus whose stream reader reaches Redis through the stalling proxy and whose commands go
   * straight: held, its reader stops hearing the stream while current() still sees its end.
   */
  async function laggingBus(): Promise<{ bus: RelayBus; applied: string[]; otherReplica: Redis }> {
    const direct = new SharedState(url, pino({ level: 'silent' }));
    const stalled = new SharedState(proxy.url, pino({ level: 'silent' }));
    const otherReplica = new Redis(url);
    closing.push(() => direct.close(), () => stalled.close(), () => otherReplica.disconnect());
    const bus = redisRelayBus({ commands: direct.commands, connection: (role, options) => stalled.connection(role, options) }, { events: 10, bytes: 1024 * 1024 }, quiet);
    closing.push(() => bus.stop());
    await direct.connect();
    const applied: string[] = [];
    bus.start((event) => void applied.push(event.kind === 'ack' ? event.message : event.kind));
    // Caught up with what the tests before left in the stream.
    await waitFor(async () => (await Promise.race([bus.current().then(() => true), sleep(500).then(() => false)])) === true, 'the reader at the stream’s end', 15_000);
    return { bus, applied, otherReplica };
  }
  const shareFromAnotherReplica = (otherReplica: Redis, message: string) => otherReplica.xadd('cairn:relay', '*', 'e', JSON.stringify({ origin: 'another replica', event: ackOf(message) }));

  it(`waits at most ${CATCH_UP_MAX_MS} ms for a reader that cannot reach the stream's end, then answers (the mailbox is served as this replica holds it)`, async () => {
    const { bus, applied, otherReplica } = await laggingBus();
    proxy.hold();
    try {
      await shareFromAnotherReplica(otherReplica, 'while lagging');
      const started = performance.now();
      await bus.current();
      const waited = performance.now() - started;
      console.log(`current() answered after ${Math.round(waited)} ms with the reader held (bound ${CATCH_UP_MAX_MS} ms)`);
      // Not before the bound (the reader never got the entry), and not much after it (a busy machine's timer slack).
      expect(applied).not.toContain('while lagging');
      expect(waited).toBeGreaterThanOrEqual(CATCH_UP_MAX_MS - 5);
      expect(waited).toBeLessThan(CATCH_UP_MAX_MS + 3_000);
    } finally {
      proxy.release();
    }
    // Released, the reader applies the entry and a later current() waits for nothing more.
    await waitFor(() => applied.includes('while lagging'), 'the held entry applied', 15_000);
    const again = performance.now();
    await bus.current();
    expect(performance.now() - again).toBeLessThan(CATCH_UP_MAX_MS);
  });

  it('answers as soon as the reader reaches the stream’s end, before the bound', async () => {
    const { bus, applied, otherReplica } = await laggingBus();
    proxy.hold();
    let waited: number | undefined;
    try {
      await shareFromAnotherReplica(otherReplica, 'caught up');
      const started = performance.now();
      const answered = bus.current().then(() => (waited = performance.now() - started));
      await sleep(300);
      expect(waited).toBeUndefined();
      proxy.release();
      await answered;
    } finally {
      proxy.release();
    }
    expect(applied).toContain('caught up');
    expect(waited).toBeLessThan(CATCH_UP_MAX_MS);
  });
});
