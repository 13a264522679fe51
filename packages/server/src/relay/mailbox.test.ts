import { describe, expect, it } from 'vitest';
import { Mailbox, type MailboxOptions, type NewMessage } from './mailbox.ts';

const topicA = 'a'.repeat(64);
const topicB = 'b'.repeat(64);
const topic = (index: number) => index.toString(16).padStart(64, '0');

/** Small, round charges: a message costs 100 B plus its text, a topic 50 B. */
function newMailbox(options: Partial<MailboxOptions> = {}): Mailbox {
  return new Mailbox({
    now: () => 0,
    maxMessagesPerTopic: 100,
    maxStoredBytes: 100_000,
    maxStoredMessages: 1000,
    maxStoredBytesPerClient: 100_000,
    maxStoredBytesPerIp: 100_000,
    messageOverheadBytes: 100,
    topicOverheadBytes: 50,
    ...options,
  });
}

const message = (fields: Partial<NewMessage> = {}): NewMessage => ({
  topic: topicA,
  message: 'm',
  tag: 0,
  publisherId: 'publisher',
  publisherIp: '192.0.2.1',
  ttlSeconds: 60,
  ...fields,
});

describe('Mailbox', () => {
  it('charges each message its text plus an overhead, each topic its own, and a retry nothing', () => {
    const mailbox = newMailbox();
    mailbox.add(message({ message: 'x' }));
    expect(mailbox.size).toMatchObject({ topics: 1, messages: 1, bytes: 50 + 100 + 1 });
    mailbox.add(message({ message: 'y', attestation: 'jwt' }));
    expect(mailbox.size.bytes).toBe(151 + 100 + 1 + 3);
    expect(mailbox.add(message({ message: 'y' })).refused).toBeUndefined();
    expect(mailbox.size.bytes).toBe(255);
    // Text beyond Latin-1 is two bytes a character in V8's heap.
    mailbox.add(message({ topic: topicB, message: '€€' }));
    expect(mailbox.size).toMatchObject({ topics: 2, messages: 3, bytes: 255 + 50 + 100 + 4 });
  });

  it('refuses a client past its quota, which never evicts anyone, while another client still publishes', () => {
    const mailbox = newMailbox({ maxStoredBytesPerClient: 1000 });
    mailbox.add(message({ topic: topicB, message: 'kept', publisherId: 'victim' }));
    const results = Array.from({ length: 20 }, (_, i) => mailbox.add(message({ topic: topic(i), message: `flood-${i}`, publisherId: 'flooder' })));
    // 50 + 100 + 7 = 157 bytes each: six fit in 1000.
    expect(results.map((result) => result.refused ?? 'stored')).toEqual([...Array(6).fill('stored'), ...Array(14).fill('clientQuota')]);
    expect(mailbox.bytesOfClient('flooder')).toBeLessThanOrEqual(1000);
    expect(mailbox.pendingFor(topicB, 'reader').map((stored) => stored.message)).toEqual(['kept']);
    expect(mailbox.add(message({ topic: topicB, message: 'still publishing', publisherId: 'victim' })).refused).toBeUndefined();
  });

  it('refuses an address past its quota, whatever client keys it publishes with', () => {
    const mailbox = newMailbox({ maxStoredBytesPerClient: 1000, maxStoredBytesPerIp: 2000 });
    let stored = 0;
    for (let key = 0; key < 10; key++) {
      for (let i = 0; i < 10; i++) {
        if (!mailbox.add(message({ topic: topic(key * 10 + i), message: `m${key}-${i}`, publisherId: `key-${key}` })).refused) stored++;
      }
    }
    // 154 bytes each ('mK-I'): six per key under 1000, twelve in all under 2000.
    expect(stored).toBe(12);
    expect(mailbox.add(message({ topic: topicB, message: 'over 2000 with this', publisherId: 'fresh-key' })).refused).toBe('ipQuota');
    expect(mailbox.add(message({ topic: topicB, message: 'over 2000 with this', publisherId: 'fresh-key', publisherIp: '198.51.100.7' })).refused).toBeUndefined();
  });

  describe('once the whole mailbox is full', () => {
    const flooder = (text: string) => message({ message: text, publisherId: 'flooder', publisherIp: '192.0.2.66' });
    const user = (text: string, ip: string) => message({ topic: topicB, message: text, publisherId: `user ${ip}`, publisherIp: ip });
    const texts = (mailbox: Mailbox, topicId: string) => mailbox.pendingFor(topicId, 'reader').map((stored) => stored.message);

    it('(maxStoredBytes) makes room for a lighter address at the expense of the address holding the most, oldest first, and refuses that address itself', () => {
      const mailbox = newMailbox({ maxStoredBytes: 1000 });
      expect(mailbox.add(user('kept', '198.51.100.1')).refused).toBeUndefined();
      // 151 + 152 for f1 and its topic, then 102 each: f7 brings it to 915, f8 would pass 1000.
      const flood = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9'].map((text) => mailbox.add(flooder(text)).refused ?? 'stored');
      expect(flood).toEqual([...Array(7).fill('stored'), 'full', 'full']);

      expect(mailbox.add(user('new', '198.51.100.2')).refused).toBeUndefined();
      expect(texts(mailbox, topicA)).toEqual(['f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
      expect(texts(mailbox, topicB)).toEqual(['kept', 'new']);
      expect(mailbox.size).toMatchObject({ evicted: 1 });
      expect(mailbox.size.bytes).toBeLessThanOrEqual(1000);
    });

    it('(maxStoredMessages) does the same by count', () => {
      const mailbox = newMailbox({ maxStoredMessages: 3 });
      mailbox.add(user('kept', '198.51.100.1'));
      mailbox.add(flooder('f1'));
      mailbox.add(flooder('f2'));
      expect(mailbox.add(flooder('f3')).refused).toBe('full');
      expect(mailbox.add(user('new', '198.51.100.2')).refused).toBeUndefined();
      expect([texts(mailbox, topicA), texts(mailbox, topicB)]).toEqual([['f2'], ['kept', 'new']]);
    });

    it('refuses a publisher when no address holds more than its own would', () => {
      const mailbox = newMailbox({ maxStoredMessages: 2 });
      mailbox.add(user('one', '198.51.100.1'));
      mailbox.add(user('two', '198.51.100.2'));
      expect(mailbox.add(user('three', '198.51.100.3')).refused).toBe('full');
      expect(texts(mailbox, topicB)).toEqual(['one', 'two']);
    });
  });

  it('gives a client its quota back as its messages expire', () => {
    let now = 1_000_000;
    const mailbox = newMailbox({ now: () => now, maxStoredBytesPerClient: 300 });
    mailbox.add(message({ message: 'first', ttlSeconds: 10 }));
    mailbox.add(message({ message: 'second', ttlSeconds: 10 }));
    expect(mailbox.add(message({ message: 'third' })).refused).toBe('clientQuota');
    now += 10_000;
    // The refused publish drops what expired (no wait for the periodic sweep) and is stored.
    expect(mailbox.add(message({ message: 'third' })).refused).toBeUndefined();
    expect(mailbox.size).toMatchObject({ topics: 1, messages: 1, bytes: 50 + 100 + 5 });
  });

  it('keeps a topic under maxMessagesPerTopic, dropping that topic’s oldest and refunding it', () => {
    const mailbox = newMailbox({ maxMessagesPerTopic: 2 });
    for (const text of ['a', 'b', 'c']) mailbox.add(message({ message: text }));
    expect(mailbox.pendingFor(topicA, 'reader').map((stored) => stored.message)).toEqual(['b', 'c']);
    expect(mailbox.size.bytes).toBe(50 + 2 * 101);
  });

  it("keeps an honest publisher's message when a full topic is flooded from many keys at another address: the heaviest address's oldest go", () => {
    const mailbox = newMailbox({ maxMessagesPerTopic: 5 });
    mailbox.add(message({ message: 'session proposal', publisherId: 'dapp', publisherIp: '192.0.2.1' }));
    for (let index = 0; index < 50; index++) mailbox.add(message({ message: `flood ${index}`, publisherId: `key ${index}`, publisherIp: '2001:db8:0:1::/64' }));
    expect(mailbox.pendingFor(topicA, 'wallet').map((stored) => stored.message)).toEqual(['session proposal', 'flood 46', 'flood 47', 'flood 48', 'flood 49']);
    // The honest peer's next message takes a slot from the flood, not from its own first one.
    mailbox.add(message({ message: 'second', publisherId: 'dapp', publisherIp: '192.0.2.1' }));
    expect(mailbox.pendingFor(topicA, 'wallet').map((stored) => stored.message)).toEqual(['session proposal', 'flood 47', 'flood 48', 'flood 49', 'second']);
  });

  it('lets the oldest message go among addresses holding equally many of a full topic', () => {
    const mailbox = newMailbox({ maxMessagesPerTopic: 2 });
    mailbox.add(message({ message: 'a', publisherIp: '192.0.2.1' }));
    mailbox.add(message({ message: 'b', publisherIp: '192.0.2.2' }));
    mailbox.add(message({ message: 'c', publisherIp: '192.0.2.3' }));
    expect(mailbox.pendingFor(topicA, 'reader').map((stored) => stored.message)).toEqual(['b', 'c']);
  });

  it('records at most 8 acknowledgements of a message, each charged to the whole mailbox', () => {
    const mailbox = newMailbox();
    const added = mailbox.add(message());
    if (added.refused) throw new Error('refused');
    const before = mailbox.size.bytes;
    for (let i = 0; i < 20; i++) mailbox.acknowledge(added.stored, `reader-${i}`);
    mailbox.acknowledge(added.stored, 'reader-0');
    expect(added.stored.acknowledgedBy.size).toBe(8);
    expect(mailbox.size.bytes).toBe(before + 8 * 96);
  });

  it('forgets a message at its TTL and frees its memory on sweep', () => {
    let now = 1_000_000;
    const mailbox = newMailbox({ now: () => now });
    mailbox.add(message({ message: 'hello', ttlSeconds: 10 }));
    now += 9_999;
    expect(mailbox.pendingFor(topicA, 'reader').map((stored) => stored.message)).toEqual(['hello']);
    now += 1;
    expect(mailbox.pendingFor(topicA, 'reader')).toEqual([]);
    expect(mailbox.sweep()).toBe(1);
    expect(mailbox.size).toMatchObject({ topics: 0, messages: 0, bytes: 0 });
    expect(mailbox.bytesOfClient('publisher')).toBe(0);
    // The same text may be published again once the first one expired.
    const again = mailbox.add(message({ message: 'hello', ttlSeconds: 10 }));
    expect(again.refused === undefined && again.duplicate).toBe(false);
  });
});
