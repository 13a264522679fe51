import { Mailbox, type StoredMessage } from './mailbox.ts';
import { errorFrame, idKey, parseFrame, requestFrame, resultFrame, type RpcId } from './relayFrames.ts';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './relayLimits.ts';
import { InvalidParams, isRelayMethod, readRelayRequest, type PublishParams, type RelayRequest } from './relayMessages.ts';
import { subscriptionId, Subscriptions } from './subscriptions.ts';

/** What the relay needs of a websocket: sending a text frame. */
export interface RelaySocket {
  send(frame: string): void;
}

export interface RelayLog {
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RelayOptions {
  /** The clock (ms since the epoch): message TTLs and JWT expiry. Tests pass a fixed one. */
  now?: () => number;
  limits?: Partial<RelayLimits>;
  /** How often expired messages are dropped from memory (they are never delivered past their TTL anyway). */
  sweepIntervalMs?: number;
  log?: RelayLog;
}

export interface RelayStats {
  connections: number;
  subscribedTopics: number;
  storedMessages: number;
  storedChars: number;
}

class RelayServerError extends Error {}

/** A stored message as a client receives it: an irn_subscription's `data`, an irn_batchFetchMessages entry. */
function deliveryData({ topic, message, publishedAt, tag, attestation }: StoredMessage) {
  return { topic, message, publishedAt, tag, attestation };
}

/** One authenticated websocket. */
export class RelayConnection {
  /** Pushed irn_subscription requests awaiting the client's ack, by request id. */
  readonly unacknowledged = new Map<string, StoredMessage>();
  /** Messages pushed on this connection and not acknowledged yet: never pushed twice. */
  readonly inFlight = new Set<StoredMessage>();
  nextPushId = 1;
  closed = false;

  constructor(
    readonly socket: RelaySocket,
    /** The client's did:key (its JWT `iss`). */
    readonly clientId: string,
    private readonly relay: Relay,
  ) {}

  /** Handles one frame from the client; answers on the socket. Never throws. */
  receive(text: string): void {
    this.relay.receive(this, text);
  }

  close(): void {
    this.relay.disconnect(this);
  }
}

/**
 * A WalletConnect v2 relay (irn protocol) in one process: topics' subscribers, a mailbox per topic
 * kept until each message's TTL and delivered to late subscribers, at most once per connection
 * and never to the client (JWT key) that published it. Framework-free: the websocket binding is
 * relayRoute.ts.
 */
export class Relay {
  readonly limits: RelayLimits;
  readonly now: () => number;
  private readonly mailbox: Mailbox;
  private readonly subscriptions = new Subscriptions<RelayConnection>();
  private readonly connections = new Set<RelayConnection>();
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly log: RelayLog | undefined;

  constructor(options: RelayOptions = {}) {
    this.limits = { ...DEFAULT_RELAY_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.mailbox = new Mailbox({ now: this.now, maxMessagesPerTopic: this.limits.maxMessagesPerTopic, maxStoredChars: this.limits.maxStoredChars });
    this.sweepTimer = setInterval(() => this.mailbox.sweep(), options.sweepIntervalMs ?? 60_000);
    this.sweepTimer.unref();
  }

  connect(socket: RelaySocket, clientId: string): RelayConnection {
    const connection = new RelayConnection(socket, clientId, this);
    this.connections.add(connection);
    return connection;
  }

  disconnect(connection: RelayConnection): void {
    connection.closed = true;
    this.connections.delete(connection);
    this.subscriptions.removeConnection(connection);
    // Unacknowledged messages stay in the mailbox: the client's next connection gets them again.
    connection.unacknowledged.clear();
    connection.inFlight.clear();
  }

  stop(): void {
    clearInterval(this.sweepTimer);
  }

  stats(): RelayStats {
    const stored = this.mailbox.size;
    return { connections: this.connections.size, subscribedTopics: this.subscriptions.size.topics, storedMessages: stored.messages, storedChars: stored.chars };
  }

  receive(connection: RelayConnection, text: string): void {
    if (connection.closed) return;
    const frame = parseFrame(text);
    if (frame.type === 'invalid') return connection.socket.send(errorFrame(frame.id, frame.code, frame.message));
    if (frame.type === 'response') return this.onAcknowledgement(connection, frame.id, frame.error === undefined);
    if (!isRelayMethod(frame.method)) {
      return connection.socket.send(errorFrame(frame.id, RPC_ERROR_CODES.methodNotFound, RELAY_ERRORS.unknownMethod(frame.method)));
    }
    try {
      this.handle(connection, frame.id, readRelayRequest(frame.method, frame.params, this.limits));
    } catch (error) {
      if (error instanceof InvalidParams) return connection.socket.send(errorFrame(frame.id, RPC_ERROR_CODES.invalidParams, `Invalid params: ${error.message}`));
      if (error instanceof RelayServerError) return connection.socket.send(errorFrame(frame.id, RPC_ERROR_CODES.serverError, error.message));
      this.log?.error({ err: error, method: frame.method }, 'relay request failed');
      connection.socket.send(errorFrame(frame.id, RPC_ERROR_CODES.serverError, 'Internal relay error'));
    }
  }

  private handle(connection: RelayConnection, id: RpcId, request: RelayRequest): void {
    const reply = (result: unknown) => connection.socket.send(resultFrame(id, result));
    switch (request.method) {
      case 'irn_subscribe': {
        this.follow(connection, [request.params.topic]);
        reply(subscriptionId(request.params.topic, connection.clientId));
        return this.flush(connection, [request.params.topic]);
      }
      case 'irn_batchSubscribe': {
        this.follow(connection, request.params.topics);
        reply(request.params.topics.map((topic) => subscriptionId(topic, connection.clientId)));
        return this.flush(connection, request.params.topics);
      }
      case 'irn_unsubscribe':
        this.subscriptions.remove(connection, request.params.topic);
        return reply(true);
      case 'irn_batchUnsubscribe':
        for (const { topic } of request.params.subscriptions) this.subscriptions.remove(connection, topic);
        return reply(true);
      case 'irn_publish':
        this.publish(connection, request.params);
        return reply(true);
      case 'irn_batchPublish':
        for (const message of request.params.messages) this.publish(connection, message);
        return reply(true);
      case 'irn_batchFetchMessages':
        return reply(this.fetch(connection, request.params.topics));
      case 'wc_proposeSession': {
        // The dapp created the pairing without subscribing (core's pairing.create with
        // skipSubscribe): the relay subscribes it, so the wallet's answer reaches it.
        const { pairingTopic, sessionProposal, ...options } = request.params;
        this.follow(connection, [pairingTopic]);
        this.publish(connection, { topic: pairingTopic, message: sessionProposal, ...options });
        reply(true);
        return this.flush(connection, [pairingTopic]);
      }
      case 'wc_approveSession': {
        // The wallet subscribed to the session topic locally only (skipSubscribe in approve()):
        // the relay subscribes it, so the dapp's settlement ack and requests reach it.
        const { pairingTopic, sessionTopic, sessionProposalResponse, sessionSettlementRequest, ...options } = request.params;
        this.follow(connection, [sessionTopic]);
        this.publish(connection, { topic: pairingTopic, message: sessionProposalResponse, ...options });
        this.publish(connection, { topic: sessionTopic, message: sessionSettlementRequest, ...options });
        reply(true);
        return this.flush(connection, [sessionTopic]);
      }
    }
  }

  private follow(connection: RelayConnection, topics: string[]): void {
    const added = topics.filter((topic) => !this.subscriptions.follows(connection, topic));
    if (this.subscriptions.topicCount(connection) + new Set(added).size > this.limits.maxTopicsPerConnection) {
      throw new RelayServerError(RELAY_ERRORS.tooManyTopics(this.limits.maxTopicsPerConnection));
    }
    for (const topic of added) this.subscriptions.add(connection, topic);
  }

  /** Sends the connection what the topics' mailboxes hold for it (a late subscriber's backlog). */
  private flush(connection: RelayConnection, topics: string[]): void {
    for (const topic of new Set(topics)) {
      for (const stored of this.mailbox.pendingFor(topic, connection.clientId)) this.push(connection, stored);
    }
  }

  private publish(connection: RelayConnection, params: PublishParams): void {
    const { topic, message, tag, attestation, ttl } = params;
    const { stored, duplicate } = this.mailbox.add({ topic, message, tag, attestation, ttlSeconds: ttl, publisherId: connection.clientId });
    // A retried publish (same text on the same topic) was delivered the first time.
    if (duplicate) return;
    for (const subscriber of this.subscriptions.subscribers(topic)) this.push(subscriber, stored);
  }

  private push(connection: RelayConnection, stored: StoredMessage): void {
    if (stored.publisherId === connection.clientId || stored.acknowledgedBy.has(connection.clientId) || connection.inFlight.has(stored)) return;
    const pushId = connection.nextPushId++;
    connection.unacknowledged.set(String(pushId), stored);
    connection.inFlight.add(stored);
    if (connection.unacknowledged.size > this.limits.maxUnacknowledgedPerConnection) {
      const [oldestId, oldest] = connection.unacknowledged.entries().next().value!;
      connection.unacknowledged.delete(oldestId);
      connection.inFlight.delete(oldest);
    }
    connection.socket.send(requestFrame(pushId, 'irn_subscription', { id: subscriptionId(stored.topic, connection.clientId), data: deliveryData(stored) }));
  }

  private onAcknowledgement(connection: RelayConnection, id: RpcId, accepted: boolean): void {
    const key = idKey(id);
    const stored = connection.unacknowledged.get(key);
    if (!stored) return;
    connection.unacknowledged.delete(key);
    connection.inFlight.delete(stored);
    // An error answer leaves the message undelivered for this client: it comes again on its next subscribe.
    if (accepted) this.mailbox.acknowledge(stored, connection.clientId);
  }

  private fetch(connection: RelayConnection, topics: string[]) {
    const pending = [...new Set(topics)].flatMap((topic) =>
      this.mailbox.pendingFor(topic, connection.clientId).filter((stored) => !connection.inFlight.has(stored)),
    );
    const batch = pending.slice(0, this.limits.maxFetchMessages);
    // Fetched messages are delivered by the answer itself: the client sends no ack for them.
    for (const stored of batch) this.mailbox.acknowledge(stored, connection.clientId);
    return { messages: batch.map(deliveryData), hasMore: pending.length > batch.length };
  }
}
