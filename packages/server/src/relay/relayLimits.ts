/**
 * Bounds that keep one relay process's memory finite whatever its clients send, and one client
 * from crowding out the others. Every one can be changed through the relay's options (the tests
 * use small ones).
 *
 * What they add up to at the defaults, in the worst case: the mailbox at maxStoredBytes (128 MiB,
 * charged as heap, see messageOverheadBytes), plus per connection its subscriptions
 * (maxTopicsPerConnection × ~250 B), its unacknowledged pushes (maxUnacknowledgedPerConnection ×
 * ~150 B) and its send buffer: about sendPauseBytes plus one push for a peer that only stops
 * reading, up to maxSendBufferBytes plus one answer for one that also keeps asking, until the
 * missed ping drops it (10 to 20 s), and a frame arriving (maxFrameBytes). Per address that is
 * maxConnectionsPerIp times as much.
 */
export interface RelayLimits {
  /** Longest `message` (characters; WalletConnect messages are base64 text). */
  maxMessageChars: number;
  /** Longest `attestation` (characters; a Verify JWT). */
  maxAttestationChars: number;
  /** Highest `ttl`, in seconds. */
  maxTtlSeconds: number;
  /** Messages one topic's mailbox keeps; past it the oldest of the address holding the most of them goes (see Mailbox). */
  maxMessagesPerTopic: number;
  /**
   * Heap all mailboxes may hold, in bytes as charged: each message's text (1 byte a character,
   * 2 for text beyond Latin-1) plus messageOverheadBytes, each topic topicOverheadBytes. Past it
   * a new message makes room at the expense of the address holding the most, or is refused when
   * that is the publisher's own (see Mailbox).
   */
  maxStoredBytes: number;
  /** Messages all mailboxes may hold; past it as past maxStoredBytes. */
  maxStoredMessages: number;
  /** Bytes (charged as above) one client's live messages may hold; past it its publishes are refused until some expire. */
  maxStoredBytesPerClient: number;
  /** The same for all clients of one IP address (an IPv6 /64) together: a client key costs nothing to make, an address does. */
  maxStoredBytesPerIp: number;
  /** Heap a stored message costs beyond its text: its record, its places in the indexes and its acknowledgement set (measured on Node 20: ~415 B with a 5-character text). */
  messageOverheadBytes: number;
  /** Heap a topic's mailbox costs while it holds messages: the topic text and its index (measured on Node 20: ~320 B), and its count per publisher address (~220 B for one). */
  topicOverheadBytes: number;
  /** Topics one connection may be subscribed to. */
  maxTopicsPerConnection: number;
  /** Entries in one batch request (topics, subscriptions or messages). */
  maxBatchSize: number;
  /** Messages one irn_batchFetchMessages answer carries (then `hasMore`). */
  maxFetchMessages: number;
  /**
   * Characters of message and attestation text one irn_batchFetchMessages answer carries (then
   * `hasMore`); one message always fits. Well under maxSendBufferBytes: an answer may sit whole in
   * the send buffer of a client on a slow link.
   */
  maxFetchChars: number;
  /** Pushed messages a connection may leave unacknowledged; past it the oldest is forgotten (delivered again on its next connection). */
  maxUnacknowledgedPerConnection: number;
  /**
   * Largest websocket frame, in bytes (the socket is closed with 1009 past it): a frame is held
   * whole while it arrives, so this is also what one connection may make the relay buffer.
   */
  maxFrameBytes: number;
  /** Open websockets, all clients together; past it an upgrade gets HTTP 503. */
  maxConnections: number;
  /** Open websockets from one IP address (an IPv6 /64); past it an upgrade gets HTTP 429. */
  maxConnectionsPerIp: number;
  /** Messages one client (its JWT key) may publish per second, on average (each message of a batch counts). */
  publishesPerSecond: number;
  /** Messages one client may publish at once before publishesPerSecond applies. */
  publishBurst: number;
  /**
   * Bytes waiting in a socket's send buffer (the peer is not reading) past which the relay stops
   * pushing messages to it; they stay in the mailbox and follow once half of it has drained.
   */
  sendPauseBytes: number;
  /** Bytes waiting in a socket's send buffer past which the relay closes it rather than send more. */
  maxSendBufferBytes: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessageChars: 256 * 1024,
  maxAttestationChars: 8 * 1024,
  maxTtlSeconds: 30 * 24 * 3600,
  maxMessagesPerTopic: 500,
  maxStoredBytes: 128 * 1024 * 1024,
  maxStoredMessages: 200_000,
  maxStoredBytesPerClient: 2 * 1024 * 1024,
  maxStoredBytesPerIp: 16 * 1024 * 1024,
  messageOverheadBytes: 448,
  topicOverheadBytes: 608,
  maxTopicsPerConnection: 1000,
  maxBatchSize: 500,
  maxFetchMessages: 500,
  maxFetchChars: 512 * 1024,
  maxUnacknowledgedPerConnection: 500,
  maxFrameBytes: 1024 * 1024,
  maxConnections: 4000,
  maxConnectionsPerIp: 50,
  publishesPerSecond: 20,
  publishBurst: 100,
  sendPauseBytes: 128 * 1024,
  maxSendBufferBytes: 2 * 1024 * 1024,
};
