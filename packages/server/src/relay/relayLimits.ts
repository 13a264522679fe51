/** Bounds that keep one relay process's memory finite whatever its clients send. */
export interface RelayLimits {
  /** Longest `message` (characters; WalletConnect messages are base64 text). */
  maxMessageChars: number;
  /** Longest `attestation` (characters; a Verify JWT). */
  maxAttestationChars: number;
  /** Highest `ttl`, in seconds. */
  maxTtlSeconds: number;
  /** Messages one topic's mailbox keeps; past it the oldest goes. */
  maxMessagesPerTopic: number;
  /** Characters all mailboxes keep together; past it the oldest message of any topic goes. */
  maxStoredChars: number;
  /** Topics one connection may be subscribed to. */
  maxTopicsPerConnection: number;
  /** Entries in one batch request (topics, subscriptions or messages). */
  maxBatchSize: number;
  /** Messages one irn_batchFetchMessages answer carries (then `hasMore`). */
  maxFetchMessages: number;
  /** Pushed messages a connection may leave unacknowledged; past it the oldest is forgotten (delivered again on its next connection). */
  maxUnacknowledgedPerConnection: number;
  /** Largest websocket frame, in bytes (the socket is closed with 1009 past it). */
  maxFrameBytes: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessageChars: 256 * 1024,
  maxAttestationChars: 8 * 1024,
  maxTtlSeconds: 30 * 24 * 3600,
  maxMessagesPerTopic: 500,
  maxStoredChars: 64 * 1024 * 1024,
  maxTopicsPerConnection: 5000,
  maxBatchSize: 500,
  maxFetchMessages: 500,
  maxUnacknowledgedPerConnection: 5000,
  maxFrameBytes: 4 * 1024 * 1024,
};
