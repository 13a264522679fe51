import WebSocket from 'ws';
import { waitFor } from '../../testing/waitFor.ts';

export type SocketAnswer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
export type Notification = { jsonrpc: '2.0'; method: string; params: { subscription: unknown; result: unknown } };

/**
 * A bare websocket JSON-RPC client of the proxy (no chain library): calls by hand, keeps the
 * notifications in arrival order, and the close code and reason the server sent.
 */
export class RpcSocketClient {
  readonly notifications: Notification[] = [];
  /** Every frame received, as text, in order. */
  readonly frames: string[] = [];
  closed: { code: number; reason: string } | undefined;
  private nextId = 1;
  private readonly answers = new Map<string, (answer: unknown) => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = String(data);
      this.frames.push(text);
      const frame = JSON.parse(text) as SocketAnswer | SocketAnswer[] | Notification;
      if (!Array.isArray(frame) && 'method' in frame) return void this.notifications.push(frame);
      const key = JSON.stringify(Array.isArray(frame) ? frame.map((answer) => answer.id) : frame.id);
      this.answers.get(key)?.(frame);
      this.answers.delete(key);
    });
    socket.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  static async connect(url: string): Promise<RpcSocketClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RpcSocketClient(socket);
  }

  /** Sends one call and resolves with its answer. */
  call(method: string, params: unknown = []): Promise<SocketAnswer> {
    const id = this.nextId++;
    return this.send({ jsonrpc: '2.0', id, method, params }, JSON.stringify(id)) as Promise<SocketAnswer>;
  }

  /** Sends a batch of calls and resolves with the answer array. */
  batch(calls: { method: string; params?: unknown }[]): Promise<SocketAnswer[]> {
    const frames = calls.map(({ method, params = [] }) => ({ jsonrpc: '2.0', id: this.nextId++, method, params }));
    return this.send(frames, JSON.stringify(frames.map((frame) => frame.id))) as Promise<SocketAnswer[]>;
  }

  /** Sends any text as a frame (a malformed one, an oversized one). */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** The first notification of `subscription` that satisfies `match`, waiting for it. */
  async notification(subscription: unknown, match: (result: unknown) => boolean = () => true): Promise<Notification> {
    let found: Notification | undefined;
    await waitFor(() => {
      found = this.notifications.find((entry) => entry.params.subscription === subscription && match(entry.params.result));
      return found !== undefined;
    }, `a notification of subscription ${String(subscription)}`);
    return found!;
  }

  /** Waits for the server to close the socket, and returns its code and reason. */
  async closedByServer(timeoutMs?: number): Promise<{ code: number; reason: string }> {
    await waitFor(() => this.closed !== undefined, 'the server to close the websocket', timeoutMs);
    return this.closed!;
  }

  close(): void {
    this.socket.terminate();
  }

  private send(frame: unknown, key: string): Promise<unknown> {
    return new Promise((resolve) => {
      this.answers.set(key, resolve);
      this.socket.send(JSON.stringify(frame));
    });
  }
}

/** The proxy's websocket URL for an HTTP one. */
export const socketUrl = (httpUrl: string) => httpUrl.replace(/^http/, 'ws');
