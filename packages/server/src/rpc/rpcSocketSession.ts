import { ERROR_TEXTS } from '../http/errors.ts';
import { RATE_LIMIT_TEXT } from '../http/rateLimits.ts';
import { readRpcRequest, type RpcEntry } from './readRpcRequest.ts';
import { answerEntries, repliesBody } from './rpcAnswers.ts';
import type { Outcome, RpcChain, RpcForwarder } from './rpcForwarder.ts';
import { errorReply, RPC_ERRORS, type RpcCall, type RpcErrorObject } from './rpcMessages.ts';
import { socketCall } from './subscriptionMethods.ts';
import { openUpstreamSocket, type SocketReply, type UpstreamSocket } from './upstreamSocket.ts';

/** What a session needs of the client's websocket. */
export interface ClientSocket {
  send(text: string): void;
  /** Bytes sent and not yet taken by the peer (once the kernel's buffers are full). */
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
  terminate(): void;
}

export interface RpcSocketLimits {
  maxBatchCalls: number;
  /** The widest block range of a log query passed to the node. */
  maxLogBlocks: number;
  /** The most gas an eth_call, eth_estimateGas or eth_createAccessList is given at the node. */
  maxCallGas: number;
  /** Subscriptions the connection may hold at once (those on their way to the node count). */
  maxSubscriptions: number;
  /** Bytes the client may leave unread before it is dropped. */
  maxSendBufferBytes: number;
  /** With no subscription and no frame for this long, the connection is closed. */
  idleMs: number;
  /** Opening the node's socket, and each call on it. */
  upstreamTimeoutMs: number;
  /** The largest frame taken from the node. */
  maxUpstreamFrameBytes: number;
}

export interface RpcSocketContext {
  chain: RpcChain;
  forwarder: RpcForwarder;
  limits: RpcSocketLimits;
  /** Counts calls against the client's budgets (the HTTP route's own: per client network, per project); the seconds to wait when over one. */
  spend(calls: number): number | undefined;
  log(message: string): void;
}

const errorOutcome = (error: RpcErrorObject): Outcome => ({ kind: 'error', json: JSON.stringify(error) });
const outcomeOf = (reply: SocketReply): Outcome =>
  reply.error !== undefined ? { kind: 'error', json: JSON.stringify(reply.error) } : { kind: 'result', json: JSON.stringify(reply.result ?? null) };
const subscriptionKey = (id: unknown) => JSON.stringify(id);

/**
 * One client's websocket on /v1/?chainId=: JSON-RPC 2.0 frames, single or batch, each call on
 * the namespace's allow-list and counted against the same budgets as over HTTP. Ordinary calls
 * are answered as over HTTP (cache, coalescing, failover); subscriptions go to one websocket to
 * the node, opened for this client on its first subscription, whose notifications are passed to
 * the client as the node wrote them. Framework-free: the route (rpcSocketRoute.ts) binds it.
 */
export class RpcSocketSession {
  private upstream: Promise<UpstreamSocket> | undefined;
  private readonly subscriptions = new Set<string>();
  private subscribing = 0;
  /** Frames with a subscription being answered: the node's notifications wait until their replies are sent. */
  private holding = 0;
  private held: string[] = [];
  private heldBytes = 0;
  private closed = false;
  private readonly idle: NodeJS.Timeout;

  constructor(
    private readonly socket: ClientSocket,
    private readonly context: RpcSocketContext,
  ) {
    this.idle = setTimeout(this.onIdle, context.limits.idleMs);
    this.idle.unref();
  }

  /** One text frame from the client; the replies go back on the socket. Never throws. */
  receive(text: string): void {
    this.idle.refresh();
    this.answer(text).catch((error: unknown) => {
      this.context.log(`websocket frame on ${this.context.chain.caip2} failed: ${error instanceof Error ? error.message : String(error)}`);
      this.send(JSON.stringify(errorReply(null, RPC_ERRORS.noAnswer())));
    });
  }

  /** The client is gone: its socket to the node goes too. */
  close(): void {
    this.closed = true;
    clearTimeout(this.idle);
    void this.upstream?.then((upstream) => upstream.close(), () => undefined);
  }

  /** Subscriptions held now (for tests and metrics). */
  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  private async answer(text: string): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return this.send(JSON.stringify(errorReply(null, RPC_ERRORS.parseError())));
    }
    const read = readRpcRequest(body, this.context.limits.maxBatchCalls);
    if ('refused' in read) return this.send(JSON.stringify(read.refused));
    const wait = this.context.spend(read.entries.length);
    if (wait !== undefined) return this.sendReplies(read.batch, refusedAll(read.entries, RPC_ERRORS.limitExceeded(RATE_LIMIT_TEXT(wait), wait)));
    const { chain, forwarder } = this.context;
    // A subscription's first notification can follow the node's reply at once: the client hears the reply first.
    const subscribes = read.entries.some((entry) => 'call' in entry && socketCall(chain.namespace, entry.call.method, entry.call.params) === 'subscribe');
    if (subscribes) this.holding++;
    try {
      const replies = await answerEntries(forwarder, chain, read.entries, {
        elsewhere: (call) => this.viaNode(call),
        unavailable: (error) => errorOutcome(RPC_ERRORS.unavailable(ERROR_TEXTS.chainUnavailable(chain.caip2), error.retryAfterSeconds)),
        maxLogBlocks: this.context.limits.maxLogBlocks,
        maxCallGas: this.context.limits.maxCallGas,
      });
      this.sendReplies(read.batch, replies);
    } finally {
      if (subscribes && --this.holding === 0) this.releaseHeld();
    }
  }

  private notify(text: string): void {
    if (this.holding === 0) return this.send(text);
    this.held.push(text);
    this.heldBytes += text.length;
    if (this.heldBytes > this.context.limits.maxSendBufferBytes) this.drop();
  }

  private releaseHeld(): void {
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    for (const text of held) this.send(text);
  }

  /** A subscription call's outcome from the node's socket; undefined for any other call. */
  private viaNode(call: RpcCall): Promise<Outcome> | undefined {
    const kind = socketCall(this.context.chain.namespace, call.method, call.params);
    if (kind === undefined) return undefined;
    if (kind === 'refused') return Promise.resolve(errorOutcome(RPC_ERRORS.refusedFeed(call.method)));
    if (kind === 'unsubscribe') {
      return this.nodeCall(call, (reply) => {
        if (reply.result === true && Array.isArray(call.params)) this.subscriptions.delete(subscriptionKey((call.params as unknown[])[0]));
      });
    }
    const { maxSubscriptions } = this.context.limits;
    if (this.subscriptions.size + this.subscribing >= maxSubscriptions) {
      return Promise.resolve(errorOutcome(RPC_ERRORS.limitExceeded(`Too many subscriptions: one connection may hold at most ${maxSubscriptions}`)));
    }
    this.subscribing++;
    return this.nodeCall(call, (reply) => {
      if (reply.error === undefined && reply.result !== undefined && reply.result !== null) this.subscriptions.add(subscriptionKey(reply.result));
    }).finally(() => this.subscribing--);
  }

  private async nodeCall(call: RpcCall, onReply: (reply: SocketReply) => void): Promise<Outcome> {
    const { chain, limits } = this.context;
    try {
      const upstream = await this.openUpstream();
      const reply = await upstream.call(call.method, call.params);
      onReply(reply);
      return outcomeOf(reply);
    } catch (error) {
      this.context.log(`${chain.caip2} websocket call failed: ${error instanceof Error ? error.message : String(error)}`);
      return errorOutcome(RPC_ERRORS.unavailable(ERROR_TEXTS.chainUnavailable(chain.caip2), Math.ceil(limits.upstreamTimeoutMs / 1000)));
    }
  }

  private openUpstream(): Promise<UpstreamSocket> {
    if (this.upstream) return this.upstream;
    const { chain, limits, log } = this.context;
    const opening = openUpstreamSocket(chain.caip2, chain.wsUrls, {
      timeoutMs: limits.upstreamTimeoutMs,
      maxFrameBytes: limits.maxUpstreamFrameBytes,
      onNotification: (text) => this.notify(text),
      // The node's subscriptions died with its socket: the client reconnects and subscribes again.
      onClose: () => this.end(1012, "The node's websocket closed: reconnect and subscribe again"),
      log,
    });
    this.upstream = opening;
    // A node that did not accept is tried again on the next subscription.
    opening.then(
      (upstream) => this.closed && upstream.close(),
      () => {
        if (this.upstream === opening) this.upstream = undefined;
      },
    );
    return opening;
  }

  private sendReplies(batch: boolean, replies: readonly string[]): void {
    const body = repliesBody(batch, replies);
    if (body !== undefined) this.send(body);
  }

  /** Sends a frame, unless the client already left more than maxSendBufferBytes unread: then it is dropped. */
  private send(text: string): void {
    if (this.closed) return;
    if (this.socket.bufferedAmount > this.context.limits.maxSendBufferBytes) return this.drop();
    this.socket.send(text);
  }

  /** A slow reader: dropped rather than buffered for without end. */
  private drop(): void {
    if (this.closed) return;
    this.context.log(`dropped a websocket on ${this.context.chain.caip2} that left more than ${this.context.limits.maxSendBufferBytes} bytes unread`);
    this.close();
    this.socket.terminate();
  }

  private end(code: number, reason: string): void {
    if (this.closed) return;
    this.close();
    this.socket.close(code, reason);
  }

  private readonly onIdle = () => {
    if (this.closed) return;
    if (this.subscriptions.size > 0 || this.subscribing > 0) return void this.idle.refresh();
    this.end(1000, `Idle: no subscription and no call for ${Math.round(this.context.limits.idleMs / 1000)} s`);
  };
}

/** Every call of a request refused with `error` (notifications get nothing, malformed entries their own error). */
function refusedAll(entries: readonly RpcEntry[], error: RpcErrorObject): string[] {
  return entries.flatMap((entry) => {
    if ('reply' in entry) return [JSON.stringify(entry.reply)];
    return entry.call.id === undefined ? [] : [JSON.stringify(errorReply(entry.call.id, error))];
  });
}
