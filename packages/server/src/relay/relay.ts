import { clientNetwork } from '../http/clientNetwork.ts';
import { Mailbox, type MailboxRefusal, type StoredMessage } from './mailbox.ts';
import { PublishRate } from './publishRate.ts';
import type { RelayBus, RelayEvent } from './relayBus.ts';
import { errorFrame, idKey, parseFrame, requestFrame, resultFrame, type RpcId } from './relayFrames.ts';
import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './relayLimits.ts';
import { InvalidParams, isRelayMethod, readRelayRequest, type PublishParams, type RelayRequest } from './relayMessages.ts';
import { subscriptionId, Subscriptions } from './subscriptions.ts';

/** What the relay needs of a websocket. */
export interface RelaySocket {
  /** Sends a text frame; `onWritten` runs once it has left the process's send buffer. */
  send(frame: string, onWritten: () => void): void;
  /** Bytes sent and not yet handed to the network: what the peer has left unread, once the kernel's buffers are full. */
  readonly bufferedAmount: number;
  /** Drops the connection at once, unsent frames with it. */
  terminate(): void;
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
  /** Shares publishes and acknowledgements with the other replicas' relays (REDIS_URL). */
  bus?: RelayBus;
}

export interface RelayStats {
  connections: number;
  subscribedTopics: number;
  storedMessages: number;
  /** Heap the mailbox is charged with (see RelayLimits.maxStoredBytes). */
  storedBytes: number;
  /** Messages dropped, since the start, to make room in a full mailbox (from the address holding the most). */
  evictedMessages: number;
  /** Connections whose pushes wait because their peer is not reading. */
  pausedConnections: number;
  /** Bytes waiting in all connections' send buffers. */
  sendBufferBytes: number;
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
  /** Pushes wait (in the mailbox) while the peer leaves more than sendPauseBytes unread. */
  paused = false;
  /** Subscriptions (or fetches) waiting for this replica to apply what the others shared before them: pushes wait meanwhile (REDIS_URL). */
  catchingUp = 0;
  /** The client's address as counted for quotas (clientNetwork). */
  readonly network: string;

  constructor(
    readonly socket: RelaySocket,
    /** The client's did:key (its JWT `iss`). */
    readonly clientId: string,
    /** The client's IP address (the request's, after the proxies the server trusts). */
    ip: string,
    private readonly relay: Relay,
  ) {
    this.network = clientNetwork(ip);
  }

  /** Handles one frame from the client; answers on the socket. Never throws. */
  receive(text: string): void {
    this.relay.receive(this, text);
  }

  /**
   * Sends a frame, unless the peer already left more than maxSendBufferBytes unread: then the
   * connection is dropped instead (returns false). Past sendPauseBytes, pushes pause.
   */
  send(frame: string): boolean {
    if (this.closed) return false;
    const { sendPauseBytes, maxSendBufferBytes } = this.relay.limits;
    if (this.socket.bufferedAmount > maxSendBufferBytes) {
      this.relay.drop(this, 'it left more than maxSendBufferBytes unread');
      return false;
    }
    this.socket.send(frame, this.written);
    if (this.socket.bufferedAmount > sendPauseBytes) this.paused = true;
    return true;
  }

  close(): void {
    this.relay.disconnect(this);
  }

  // A frame left the send buffer: once half of sendPauseBytes is free, the paused pushes follow.
  private readonly written = () => {
    if (!this.paused || this.closed || this.socket.bufferedAmount > this.relay.limits.sendPauseBytes / 2) return;
    this.paused = false;
    this.relay.resume(this);
  };
}

/**
 * A WalletConnect v2 relay (irn protocol) in one process: topics' subscribers, a mailbox per topic
 * kept until each message's TTL and delivered to late subscribers, at most once per connection
 * and never to the client (JWT key) that published it. Framework-free: the websocket binding is
 * relayRoute.ts. Bounded (RelayLimits): the mailbox by quotas, each client's publishes by a rate,
 * each connection's send buffer by pausing pushes to a peer that does not read, then dropping it.
 */
export class Relay {
  readonly limits: RelayLimits;
  readonly now: () => number;
  private readonly mailbox: Mailbox;
  private readonly publishRate: PublishRate;
  private readonly subscriptions = new Subscriptions<RelayConnection>();
  private readonly connections = new Set<RelayConnection>();
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly log: RelayLog | undefined;
  private readonly bus: RelayBus | undefined;

  constructor(options: RelayOptions = {}) {
    this.limits = { ...DEFAULT_RELAY_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.mailbox = new Mailbox({ ...this.limits, now: this.now });
    this.publishRate = new PublishRate(this.limits.publishesPerSecond, this.limits.publishBurst, this.now);
    this.sweepTimer = setInterval(() => {
      this.mailbox.sweep();
      this.publishRate.sweep();
    }, options.sweepIntervalMs ?? 60_000);
    this.sweepTimer.unref();
    this.bus = options.bus;
    this.bus?.start((event) => this.applyShared(event));
  }

  connect(socket: RelaySocket, clientId: string, ip: string): RelayConnection {
    const connection = new RelayConnection(socket, clientId, ip, this);
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

  /** Closes a connection the relay will not serve any more (`why` goes to the debug log). */
  drop(connection: RelayConnection, why: string): void {
    if (connection.closed) return;
    this.log?.debug({ clientId: connection.clientId, why }, 'dropped a relay connection');
    this.disconnect(connection);
    connection.socket.terminate();
  }

  /** Sends a connection whose peer caught up what its topics received meanwhile. */
  resume(connection: RelayConnection): void {
    if (connection.catchingUp > 0) return; // its flush follows the catch-up
    this.flush(connection, this.subscriptions.topicsOf(connection));
  }

  stop(): void {
    clearInterval(this.sweepTimer);
    this.bus?.stop();
  }

  /**
   * Another replica's publish or acknowledgement: its message is stored here too (so a subscriber
   * here, now or later, gets it once) and pushed to this replica's subscribers of the topic.
   */
  private applyShared(event: RelayEvent): void {
    if (event.kind === 'ack') {
      const stored = this.mailbox.find(event.topic, event.message);
      if (stored) this.mailbox.acknowledge(stored, event.clientId);
      return;
    }
    const { kind: _kind, ...message } = event;
    if (message.publishedAt + message.ttlSeconds * 1000 <= this.now()) return;
    const added = this.mailbox.add(message);
    if (added.refused) return void this.log?.debug({ topic: message.topic, refused: added.refused }, "did not store another replica's message");
    if (added.duplicate) return;
    for (const subscriber of this.subscriptions.subscribers(message.topic)) this.push(subscriber, added.stored);
  }

  stats(): RelayStats {
    const stored = this.mailbox.size;
    let pausedConnections = 0;
    let sendBufferBytes = 0;
    for (const connection of this.connections) {
      if (connection.paused) pausedConnections++;
      sendBufferBytes += connection.socket.bufferedAmount;
    }
    return {
      connections: this.connections.size,
      subscribedTopics: this.subscriptions.size.topics,
      storedMessages: stored.messages,
      storedBytes: stored.bytes,
      evictedMessages: stored.evicted,
      pausedConnections,
      sendBufferBytes,
    };
  }

  receive(connection: RelayConnection, text: string): void {
    if (connection.closed) return;
    const frame = parseFrame(text);
    if (frame.type === 'invalid') return void connection.send(errorFrame(frame.id, frame.code, frame.message));
    if (frame.type === 'response') return this.onAcknowledgement(connection, frame.id, frame.error === undefined);
    if (!isRelayMethod(frame.method)) {
      return void connection.send(errorFrame(frame.id, RPC_ERROR_CODES.methodNotFound, RELAY_ERRORS.unknownMethod(frame.method)));
    }
    try {
      this.handle(connection, frame.id, readRelayRequest(frame.method, frame.params, this.limits));
    } catch (error) {
      if (error instanceof InvalidParams) return void connection.send(errorFrame(frame.id, RPC_ERROR_CODES.invalidParams, `Invalid params: ${error.message}`));
      if (error instanceof RelayServerError) return void connection.send(errorFrame(frame.id, RPC_ERROR_CODES.serverError, error.message));
      this.log?.error({ err: error, method: frame.method }, 'relay request failed');
      connection.send(errorFrame(frame.id, RPC_ERROR_CODES.serverError, 'Internal relay error'));
    }
  }

  private handle(connection: RelayConnection, id: RpcId, request: RelayRequest): void {
    const reply = (result: unknown) => void connection.send(resultFrame(id, result));
    switch (request.method) {
      case 'irn_subscribe': {
        this.follow(connection, [request.params.topic]);
        reply(subscriptionId(request.params.topic, connection.clientId));
        return this.flushWhenCurrent(connection, [request.params.topic]);
      }
      case 'irn_batchSubscribe': {
        this.follow(connection, request.params.topics);
        reply(request.params.topics.map((topic) => subscriptionId(topic, connection.clientId)));
        return this.flushWhenCurrent(connection, request.params.topics);
      }
      case 'irn_unsubscribe':
        this.subscriptions.remove(connection, request.params.topic);
        return reply(true);
      case 'irn_batchUnsubscribe':
        for (const { topic } of request.params.subscriptions) this.subscriptions.remove(connection, topic);
        return reply(true);
      case 'irn_publish':
        this.allowPublishes(connection, 1);
        this.publish(connection, request.params);
        return reply(true);
      case 'irn_batchPublish':
        this.allowPublishes(connection, request.params.messages.length);
        // Stops at the first refused message; the ones before it are kept (a retry of the whole
        // batch stores them once: same text on the same topic).
        for (const message of request.params.messages) this.publish(connection, message);
        return reply(true);
      case 'irn_batchFetchMessages':
        return this.whenCurrent(connection, () => reply(this.fetch(connection, request.params.topics)));
      case 'wc_proposeSession': {
        // The dapp created the pairing without subscribing (core's pairing.create with
        // skipSubscribe): the relay subscribes it, so the wallet's answer reaches it.
        const { pairingTopic, sessionProposal, ...options } = request.params;
        this.allowPublishes(connection, 1);
        this.follow(connection, [pairingTopic]);
        this.publish(connection, { topic: pairingTopic, message: sessionProposal, ...options });
        reply(true);
        return this.flushWhenCurrent(connection, [pairingTopic]);
      }
      case 'wc_approveSession': {
        // The wallet subscribed to the session topic locally only (skipSubscribe in approve()):
        // the relay subscribes it, so the dapp's settlement ack and requests reach it.
        const { pairingTopic, sessionTopic, sessionProposalResponse, sessionSettlementRequest, ...options } = request.params;
        this.allowPublishes(connection, 2);
        this.follow(connection, [sessionTopic]);
        this.publish(connection, { topic: pairingTopic, message: sessionProposalResponse, ...options });
        this.publish(connection, { topic: sessionTopic, message: sessionSettlementRequest, ...options });
        reply(true);
        return this.flushWhenCurrent(connection, [sessionTopic]);
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

  /**
   * A new subscription's backlog: at once in one process; across replicas once this one has what
   * the others shared before now (the bus's current()), and then every topic of the connection,
   * since its live pushes waited meanwhile. So a message published once reaches a subscriber once,
   * even when it acknowledged it on another replica a moment ago (a reconnect through the load
   * balancer) or subscribes to a replica still replaying the stream (one that just started).
   */
  private flushWhenCurrent(connection: RelayConnection, topics: string[]): void {
    if (!this.bus) return this.flush(connection, topics);
    this.whenCurrent(connection);
  }

  /**
   * Runs `then` once this replica has what the others shared before now; the connection's pushes
   * wait meanwhile, and follow (every topic's) once no other catch-up of it is under way.
   */
  private whenCurrent(connection: RelayConnection, then?: () => void): void {
    if (!this.bus) return then?.();
    connection.catchingUp++;
    void this.bus
      .current()
      .then(() => {
        connection.catchingUp--;
        if (connection.closed) return;
        then?.();
        if (connection.catchingUp === 0) this.flush(connection, this.subscriptions.topicsOf(connection));
      })
      .catch((error: unknown) => this.log?.error({ err: error }, 'relay catch-up failed'));
  }

  /** Sends the connection what the topics' mailboxes hold for it (a late subscriber's backlog), until its pushes pause. */
  private flush(connection: RelayConnection, topics: Iterable<string>): void {
    for (const topic of new Set(topics)) {
      for (const stored of this.mailbox.pendingFor(topic, connection.clientId)) {
        if (connection.paused || connection.closed) return;
        this.push(connection, stored);
      }
    }
  }

  private allowPublishes(connection: RelayConnection, count: number): void {
    if (!this.publishRate.take(connection.clientId, count)) {
      throw new RelayServerError(RELAY_ERRORS.tooManyPublishes(this.limits.publishesPerSecond, this.limits.publishBurst));
    }
  }

  private refusalText(refused: MailboxRefusal): string {
    if (refused === 'clientQuota') return RELAY_ERRORS.clientQuota(this.limits.maxStoredBytesPerClient);
    if (refused === 'ipQuota') return RELAY_ERRORS.ipQuota(this.limits.maxStoredBytesPerIp);
    return RELAY_ERRORS.mailboxFull;
  }

  private publish(connection: RelayConnection, params: PublishParams): void {
    const { topic, message, tag, attestation, ttl } = params;
    // A message the other replicas would never see is refused, so the client publishes it again later.
    if (this.bus && !this.bus.accepting) throw new RelayServerError(RELAY_ERRORS.replicasUnreachable);
    const added = this.mailbox.add({ topic, message, tag, attestation, ttlSeconds: ttl, publisherId: connection.clientId, publisherIp: connection.network });
    if (added.refused) throw new RelayServerError(this.refusalText(added.refused));
    // A retried publish (same text on the same topic) was delivered the first time.
    if (added.duplicate) return;
    const { publishedAt } = added.stored;
    this.bus?.share({ kind: 'publish', topic, message, tag, attestation, ttlSeconds: ttl, publishedAt, publisherId: connection.clientId, publisherIp: connection.network });
    for (const subscriber of this.subscriptions.subscribers(topic)) this.push(subscriber, added.stored);
  }

  /** Pushes a message to a subscriber, unless it has it already or its pushes are paused or wait for a catch-up (it then stays pending in the mailbox). */
  private push(connection: RelayConnection, stored: StoredMessage): void {
    if (connection.paused || connection.closed || connection.catchingUp > 0) return;
    if (stored.publisherId === connection.clientId || stored.acknowledgedBy.has(connection.clientId) || connection.inFlight.has(stored)) return;
    const pushId = connection.nextPushId++;
    connection.unacknowledged.set(String(pushId), stored);
    connection.inFlight.add(stored);
    if (connection.unacknowledged.size > this.limits.maxUnacknowledgedPerConnection) {
      const [oldestId, oldest] = connection.unacknowledged.entries().next().value!;
      connection.unacknowledged.delete(oldestId);
      connection.inFlight.delete(oldest);
    }
    connection.send(requestFrame(pushId, 'irn_subscription', { id: subscriptionId(stored.topic, connection.clientId), data: deliveryData(stored) }));
  }

  private onAcknowledgement(connection: RelayConnection, id: RpcId, accepted: boolean): void {
    const key = idKey(id);
    const stored = connection.unacknowledged.get(key);
    if (!stored) return;
    connection.unacknowledged.delete(key);
    connection.inFlight.delete(stored);
    // An error answer leaves the message undelivered for this client: it comes again on its next subscribe.
    if (accepted) this.acknowledge(stored, connection.clientId);
  }

  private acknowledge(stored: StoredMessage, clientId: string): void {
    this.mailbox.acknowledge(stored, clientId);
    this.bus?.share({ kind: 'ack', topic: stored.topic, message: stored.message, clientId });
  }

  private fetch(connection: RelayConnection, topics: string[]) {
    const pending = [...new Set(topics)].flatMap((topic) =>
      this.mailbox.pendingFor(topic, connection.clientId).filter((stored) => !connection.inFlight.has(stored)),
    );
    const batch: StoredMessage[] = [];
    let chars = 0;
    for (const stored of pending) {
      const size = stored.message.length + (stored.attestation?.length ?? 0);
      if (batch.length === this.limits.maxFetchMessages || (batch.length > 0 && chars + size > this.limits.maxFetchChars)) break;
      batch.push(stored);
      chars += size;
    }
    // Fetched messages are delivered by the answer itself: the client sends no ack for them.
    for (const stored of batch) this.acknowledge(stored, connection.clientId);
    return { messages: batch.map(deliveryData), hasMore: pending.length > batch.length };
  }
}
