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
  /** Clients that acknowledged it: never delivered to them again. */
  acknowledgedBy: Set<string>;
}

export interface MailboxOptions {
  now: () => number;
  maxMessagesPerTopic: number;
  maxStoredChars: number;
}

export type NewMessage = Pick<StoredMessage, 'topic' | 'message' | 'tag' | 'attestation' | 'publisherId'> & { ttlSeconds: number };

/**
 * Every topic's messages, in memory, in arrival order. Bounded: a topic keeps at most
 * maxMessagesPerTopic and all topics together maxStoredChars (the oldest goes first); a message
 * is gone at its TTL.
 */
export class Mailbox {
  // topic -> message text -> message: arrival order per topic, and the same text kept once.
  private readonly topics = new Map<string, Map<string, StoredMessage>>();
  // seq -> message: arrival order over all topics, for the global bound.
  private readonly all = new Map<number, StoredMessage>();
  private storedChars = 0;
  private nextSeq = 1;

  constructor(private readonly options: MailboxOptions) {}

  /** Stores a message; `duplicate` when the topic already holds the same text (a client's retry), which is then not stored again. */
  add(input: NewMessage): { stored: StoredMessage; duplicate: boolean } {
    const now = this.options.now();
    let box = this.topics.get(input.topic);
    const existing = box?.get(input.message);
    if (existing && existing.expiresAt > now) return { stored: existing, duplicate: true };
    if (existing) this.remove(existing);
    box = this.topics.get(input.topic);
    if (!box) {
      box = new Map();
      this.topics.set(input.topic, box);
    }
    const stored: StoredMessage = {
      seq: this.nextSeq++,
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      attestation: input.attestation,
      publishedAt: now,
      expiresAt: now + input.ttlSeconds * 1000,
      publisherId: input.publisherId,
      acknowledgedBy: new Set(),
    };
    box.set(stored.message, stored);
    this.all.set(stored.seq, stored);
    this.storedChars += this.sizeOf(stored);
    while (box.size > this.options.maxMessagesPerTopic) this.remove(box.values().next().value!);
    while (this.storedChars > this.options.maxStoredChars && this.all.size > 1) this.remove(this.all.values().next().value!);
    return { stored, duplicate: false };
  }

  /** The topic's live messages `clientId` has neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    const box = this.topics.get(topic);
    if (!box) return [];
    const now = this.options.now();
    const pending: StoredMessage[] = [];
    for (const stored of box.values()) {
      if (stored.expiresAt <= now) continue;
      if (stored.publisherId === clientId || stored.acknowledgedBy.has(clientId)) continue;
      pending.push(stored);
    }
    return pending;
  }

  acknowledge(stored: StoredMessage, clientId: string): void {
    if (this.all.get(stored.seq) === stored) stored.acknowledgedBy.add(clientId);
  }

  /** Drops expired messages; returns how many. */
  sweep(): number {
    const now = this.options.now();
    let dropped = 0;
    for (const stored of this.all.values()) {
      if (stored.expiresAt <= now) {
        this.remove(stored);
        dropped++;
      }
    }
    return dropped;
  }

  get size(): { topics: number; messages: number; chars: number } {
    return { topics: this.topics.size, messages: this.all.size, chars: this.storedChars };
  }

  private sizeOf(stored: StoredMessage): number {
    return stored.message.length + (stored.attestation?.length ?? 0);
  }

  private remove(stored: StoredMessage): void {
    if (!this.all.delete(stored.seq)) return;
    this.storedChars -= this.sizeOf(stored);
    const box = this.topics.get(stored.topic);
    box?.delete(stored.message);
    if (box?.size === 0) this.topics.delete(stored.topic);
  }
}
