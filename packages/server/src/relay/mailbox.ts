import { AddressHoldings } from './addressHoldings.ts';
import type { RelayLimits } from './relayLimits.ts';

/** A message kept for a topic until its TTL, for subscribers that are offline or not subscribed yet. */
export interface StoredMessage {
  /** Order of arrival over the whole relay. */
  seq: number;
  topic: string;
  message: string;
  tag: number;
  attestation?: string;
  /** Milliseconds since the epoch, by the relay's clock. */
  publishedAt: number;
  expiresAt: number;
  /** The publishing client (its JWT key): never delivered back to it. */
  publisherId: string;
  /** The publisher's address (its quota group, see clientNetwork). */
  publisherIp: string;
  /** Heap charged for it to the publisher, its address and the whole mailbox. */
  bytes: number;
  /** Clients that acknowledged it: never delivered to them again. */
  acknowledgedBy: Set<string>;
}

export type MailboxOptions = Pick<
  RelayLimits,
  'maxMessagesPerTopic' | 'maxStoredBytes' | 'maxStoredMessages' | 'maxStoredBytesPerClient' | 'maxStoredBytesPerIp' | 'messageOverheadBytes' | 'topicOverheadBytes'
> & { now: () => number };

export type NewMessage = Pick<StoredMessage, 'topic' | 'message' | 'tag' | 'attestation' | 'publisherId' | 'publisherIp'> & {
  ttlSeconds: number;
  /** When another replica's relay took it (its TTL runs from then); now by default. */
  publishedAt?: number;
};

/** Why a message was not stored: its client's quota, its address's quota, or the whole mailbox is full (and its address holds the most). */
export type MailboxRefusal = 'clientQuota' | 'ipQuota' | 'full';

export type AddResult = { stored: StoredMessage; duplicate: boolean; refused?: undefined } | { refused: MailboxRefusal };

/**
 * Acknowledgements one message records. A topic has two peers (dapp and wallet), so a few cover
 * every honest case; past it an acknowledgement is not recorded (that client may get the message
 * again on a later connection, which the SDK ignores) rather than grow the set without bound.
 */
const MAX_ACKNOWLEDGEMENTS_PER_MESSAGE = 8;
/** Heap one recorded acknowledgement holds (a set entry and the client id it keeps alive). */
const ACKNOWLEDGEMENT_BYTES = 96;
/** A refused publish may first drop expired messages, at most this often. */
const SWEEP_ON_REFUSAL_MS = 1000;

/** A topic's messages, by text (arrival order, and the same text kept once), and who paid for the topic. */
interface TopicBox {
  /** The topic, kept once: its messages share this string rather than each keep the copy its frame brought. */
  topic: string;
  messages: Map<string, StoredMessage>;
  /** How many of the topic's messages each publisher address (quota group) holds. */
  countByAddress: Map<string, number>;
  publisherId: string;
  publisherIp: string;
}

/**
 * The message a full topic lets go: the oldest of the publisher address holding the most of the
 * topic's messages. Counted in messages, not bytes: a topic's limit is a count of slots, and the
 * bytes are bounded already (per client, per address, in all). By address, not by client key: a
 * key costs nothing to make, so a flood from many keys at one address is one heavy publisher,
 * and an honest peer's one or two messages outlast it. Among addresses holding equally many, the
 * oldest message goes.
 */
function topicEviction(box: TopicBox): StoredMessage {
  const most = Math.max(...box.countByAddress.values());
  for (const stored of box.messages.values()) if (box.countByAddress.get(stored.publisherIp) === most) return stored;
  return box.messages.values().next().value!;
}

/** Heap a string's characters take: V8 keeps Latin-1 text at one byte a character, other text at two. */
function textBytes(text: string | undefined): number {
  if (text === undefined) return 0;
  return /[\u0100-\uffff]/.test(text) ? text.length * 2 : text.length;
}

/**
 * Every topic's messages, in memory, in arrival order. Bounded by what they cost in heap, not by
 * their text alone: each message is charged its text plus a fixed overhead, each topic its own,
 * to its publisher, to the publisher's address and to the whole mailbox.
 *
 * Past its client's or its address's quota a new message is refused: a flood from one client, or
 * from many keys at one address, stops there and evicts nothing. Only when the whole mailbox is
 * full (maxStoredBytes or maxStoredMessages, a flood from many addresses) does a message make
 * room, and then at the expense of the address holding (about) the most, oldest first, never of
 * one holding less than the publisher's own: a light user's messages outlast a flood, and the
 * relay keeps taking their new ones. Within a topic, past maxMessagesPerTopic, the oldest message
 * of the address holding the most of the topic goes (topicEviction), so a flood on a topic someone
 * knows does not push out its peers' messages. A message is gone at its TTL.
 */
export class Mailbox {
  private readonly topics = new Map<string, TopicBox>();
  // seq -> message: arrival order over all topics.
  private readonly all = new Map<number, StoredMessage>();
  private readonly bytesByClient = new Map<string, number>();
  private readonly addresses = new AddressHoldings<StoredMessage>();
  private storedBytes = 0;
  private evicted = 0;
  private nextSeq = 1;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: MailboxOptions) {}

  /**
   * Stores a message; `duplicate` when the topic already holds the same text (a client's retry),
   * which is then neither stored nor charged again; `refused` when a budget would be exceeded.
   */
  add(input: NewMessage): AddResult {
    const now = this.options.now();
    const existing = this.topics.get(input.topic)?.messages.get(input.message);
    if (existing && existing.expiresAt > now) return { stored: existing, duplicate: true };
    if (existing) this.remove(existing);

    const bytes = this.options.messageOverheadBytes + textBytes(input.message) + textBytes(input.attestation);
    let refused = this.refusal(input, bytes);
    if (refused && now - this.lastSweep >= SWEEP_ON_REFUSAL_MS) {
      this.sweep();
      refused = this.refusal(input, bytes);
    }
    while (refused === 'full' && this.evictForLighter(input, bytes)) refused = this.refusal(input, bytes);
    if (refused) return { refused };

    let box = this.topics.get(input.topic);
    if (!box) {
      box = { topic: input.topic, messages: new Map(), countByAddress: new Map(), publisherId: input.publisherId, publisherIp: input.publisherIp };
      this.topics.set(input.topic, box);
      this.charge(box, this.options.topicOverheadBytes);
    }
    const publishedAt = input.publishedAt ?? now;
    const stored: StoredMessage = {
      seq: this.nextSeq++,
      topic: box.topic,
      message: input.message,
      tag: input.tag,
      attestation: input.attestation,
      publishedAt,
      expiresAt: publishedAt + input.ttlSeconds * 1000,
      publisherId: input.publisherId,
      publisherIp: input.publisherIp,
      bytes,
      acknowledgedBy: new Set(),
    };
    box.messages.set(stored.message, stored);
    adjust(box.countByAddress, stored.publisherIp, 1);
    this.all.set(stored.seq, stored);
    this.addresses.addMessage(stored.publisherIp, stored);
    this.charge(stored, bytes);
    while (box.messages.size > this.options.maxMessagesPerTopic) this.remove(topicEviction(box));
    return { stored, duplicate: false };
  }

  /** The topic's live messages `clientId` has neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    const box = this.topics.get(topic);
    if (!box) return [];
    const now = this.options.now();
    const pending: StoredMessage[] = [];
    for (const stored of box.messages.values()) {
      if (stored.expiresAt <= now) continue;
      if (stored.publisherId === clientId || stored.acknowledgedBy.has(clientId)) continue;
      pending.push(stored);
    }
    return pending;
  }

  /** The live message with this text on the topic, if the mailbox holds it. */
  find(topic: string, message: string): StoredMessage | undefined {
    const stored = this.topics.get(topic)?.messages.get(message);
    return stored && stored.expiresAt > this.options.now() ? stored : undefined;
  }

  acknowledge(stored: StoredMessage, clientId: string): void {
    if (this.all.get(stored.seq) !== stored || stored.acknowledgedBy.has(clientId)) return;
    if (stored.acknowledgedBy.size >= MAX_ACKNOWLEDGEMENTS_PER_MESSAGE) return;
    stored.acknowledgedBy.add(clientId);
    // Counts against the whole mailbox only: the publisher did not choose who acknowledges.
    this.storedBytes += ACKNOWLEDGEMENT_BYTES;
  }

  /** Drops expired messages; returns how many. */
  sweep(): number {
    const now = this.options.now();
    this.lastSweep = now;
    let dropped = 0;
    for (const stored of this.all.values()) {
      if (stored.expiresAt <= now) {
        this.remove(stored);
        dropped++;
      }
    }
    return dropped;
  }

  /** `evicted`: messages dropped, since the start, to make room in a full mailbox. */
  get size(): { topics: number; messages: number; bytes: number; evicted: number } {
    return { topics: this.topics.size, messages: this.all.size, bytes: this.storedBytes, evicted: this.evicted };
  }

  /** Bytes charged to one client's live messages and the topics it opened. */
  bytesOfClient(clientId: string): number {
    return this.bytesByClient.get(clientId) ?? 0;
  }

  /** What storing the message costs: its bytes, and its topic's when the topic holds nothing yet. */
  private costOf(input: NewMessage, bytes: number): number {
    return bytes + (this.topics.has(input.topic) ? 0 : this.options.topicOverheadBytes);
  }

  private refusal(input: NewMessage, bytes: number): MailboxRefusal | undefined {
    const cost = this.costOf(input, bytes);
    if (this.bytesOfClient(input.publisherId) + cost > this.options.maxStoredBytesPerClient) return 'clientQuota';
    if (this.addresses.bytesOf(input.publisherIp) + cost > this.options.maxStoredBytesPerIp) return 'ipQuota';
    if (this.storedBytes + cost > this.options.maxStoredBytes || this.all.size >= this.options.maxStoredMessages) return 'full';
    return undefined;
  }

  /**
   * Drops the oldest message of the address holding (about) the most, if that address still holds
   * at least as much as the publisher's will once the message is stored (no churn between equals);
   * false when there is none such.
   */
  private evictForLighter(input: NewMessage, bytes: number): boolean {
    const heaviest = this.addresses.heaviest();
    if (heaviest === undefined || heaviest === input.publisherIp) return false;
    const oldest = this.addresses.oldestOf(heaviest);
    if (!oldest) return false;
    if (this.addresses.bytesOf(heaviest) - oldest.bytes < this.addresses.bytesOf(input.publisherIp) + this.costOf(input, bytes)) return false;
    this.remove(oldest);
    this.evicted++;
    return true;
  }

  /** Adds `bytes` (negative to refund) to the payer's client, its address and the whole mailbox. */
  private charge(payer: { publisherId: string; publisherIp: string }, bytes: number): void {
    this.storedBytes += bytes;
    adjust(this.bytesByClient, payer.publisherId, bytes);
    this.addresses.charge(payer.publisherIp, bytes);
  }

  private remove(stored: StoredMessage): void {
    if (!this.all.delete(stored.seq)) return;
    this.addresses.removeMessage(stored.publisherIp, stored);
    this.charge(stored, -stored.bytes);
    this.storedBytes -= stored.acknowledgedBy.size * ACKNOWLEDGEMENT_BYTES;
    const box = this.topics.get(stored.topic);
    if (!box) return;
    box.messages.delete(stored.message);
    adjust(box.countByAddress, stored.publisherIp, -1);
    if (box.messages.size === 0) {
      this.topics.delete(stored.topic);
      this.charge(box, -this.options.topicOverheadBytes);
    }
  }
}

function adjust(totals: Map<string, number>, key: string, delta: number): void {
  const total = (totals.get(key) ?? 0) + delta;
  if (total <= 0) totals.delete(key);
  else totals.set(key, total);
}
