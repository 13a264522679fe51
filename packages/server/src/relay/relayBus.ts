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
  /** Applies the other replicas' events from now on, after those shared before this replica started that are still kept (a new replica's backlog). */
  start(apply: (event: RelayEvent) => void): void;
  stop(): void;
}
