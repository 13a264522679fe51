import { describe, expect, it } from 'vitest';
import { Mailbox } from './mailbox.ts';

const topicA = 'a'.repeat(64);
const topicB = 'b'.repeat(64);

describe('Mailbox', () => {
  it('keeps all topics under maxStoredChars, dropping the oldest message of any topic', () => {
    const mailbox = new Mailbox({ now: () => 0, maxMessagesPerTopic: 100, maxStoredChars: 30 });
    mailbox.add({ topic: topicA, message: 'a'.repeat(10), tag: 0, publisherId: 'p', ttlSeconds: 60 });
    mailbox.add({ topic: topicB, message: 'b'.repeat(10), tag: 0, publisherId: 'p', ttlSeconds: 60 });
    mailbox.add({ topic: topicB, message: 'c'.repeat(15), tag: 0, publisherId: 'p', ttlSeconds: 60 });
    expect(mailbox.pendingFor(topicA, 'reader')).toEqual([]);
    expect(mailbox.pendingFor(topicB, 'reader').map((stored) => stored.message[0])).toEqual(['b', 'c']);
    expect(mailbox.size).toEqual({ topics: 1, messages: 2, chars: 25 });
  });

  it('forgets a message at its TTL and frees its memory on sweep', () => {
    let now = 1_000_000;
    const mailbox = new Mailbox({ now: () => now, maxMessagesPerTopic: 100, maxStoredChars: 1000 });
    mailbox.add({ topic: topicA, message: 'hello', tag: 0, publisherId: 'p', ttlSeconds: 10 });
    now += 9_999;
    expect(mailbox.pendingFor(topicA, 'reader').map((stored) => stored.message)).toEqual(['hello']);
    now += 1;
    expect(mailbox.pendingFor(topicA, 'reader')).toEqual([]);
    expect(mailbox.sweep()).toBe(1);
    expect(mailbox.size).toEqual({ topics: 0, messages: 0, chars: 0 });
    // The same text may be published again once the first one expired.
    expect(mailbox.add({ topic: topicA, message: 'hello', tag: 0, publisherId: 'p', ttlSeconds: 10 }).duplicate).toBe(false);
  });
});
