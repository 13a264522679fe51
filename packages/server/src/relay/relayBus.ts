import type { StoredMessage } from './mailbox.ts';

/** A message one replica's relay stored, as the others store it: its TTL runs from `publishedAt`. */
export type SharedPublish = { kind: 'publish'; ttlSeconds: number } & Pick<StoredMessage, 'topic' | 'message' | 'tag' | 'attestation' | 'publishedAt' | 'publisherId' | 'publisherIp'>;

/** A client acknowledged (or fetched) a message on one replica: no replica delivers it to that client again. */
export type SharedAcknowledgement = { kind: 'ack'; topic: string; message: string; clientId: string };

export type RelayEvent = SharedPublish | SharedAcknowledgement;

/**
 * How the relays of several replicas act as one (REDIS_URL): each shares what its clients publish
 * and acknowledge, and applies the others' in the order they were shared. Without it the relay is
 * one process's.
 */
export interface RelayBus {
  /**
   * Shares an event with the other replicas, now or, while they cannot be reached (Redis down),
   * once they can, in order. False when it can do neither: its buffer of unshared events is full.
   */
  share(event: RelayEvent): boolean;
  /** Whether share() would take another event now (a publish is refused, not kept apart, when not). */
  readonly accepting: boolean;
  /**
   * Resolves once this replica has applied what the replicas shared before the call (never
   * rejects; at once when shared state cannot be read, and within a bound): what a subscriber is
   * sent from the mailbox waits for it, so a message it acknowledged on another replica a moment
   * ago, or one a replica still replaying the stream holds without its acknowledgement yet, is not
   * given to it again.
   */
  current(): Promise<void>;
  /** Applies the other replicas' events from now on, after those shared before this replica started that are still kept (a new replica's backlog). */
  start(apply: (event: RelayEvent) => void): void;
  stop(): void;
}
