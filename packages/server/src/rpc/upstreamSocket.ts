import WebSocket from 'ws';

/** A node's reply to one call on its socket. */
export type SocketReply = { result?: unknown; error?: unknown };

export interface UpstreamSocket {
  /** Sends a call under an id of the proxy's own and resolves with the node's reply; rejects when the socket closes first or the node takes longer than the timeout. */
  call(method: string, params: unknown): Promise<SocketReply>;
  close(): void;
}

export interface UpstreamSocketOptions {
  /** How long opening one URL, and then each call, may take. */
  timeoutMs: number;
  /** The largest frame taken from the node (a block with its transactions, a storage change set). */
  maxFrameBytes: number;
  /** A frame the node pushed on its own (a subscription's notification), as the node wrote it. */
  onNotification(text: string): void;
  /** The node's socket closed (not by close()): its subscriptions are gone. */
  onClose(): void;
  log?: (message: string) => void;
}

function open(url: string, options: UpstreamSocketOptions): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { handshakeTimeout: options.timeoutMs, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
    socket.once('open', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error) => {
      socket.terminate();
      reject(error);
    });
  });
}

/**
 * One websocket to a chain's node, for one client's websocket (so a node's notifications belong
 * to that client alone, and its subscription ids need no translating). Opened on the first of
 * `urls` that accepts, in failover order; rejects when none does. URLs never reach an error or a
 * log: they may carry a provider's key.
 */
export async function openUpstreamSocket(chain: string, urls: readonly string[], options: UpstreamSocketOptions): Promise<UpstreamSocket> {
  let socket: WebSocket | undefined;
  for (const [index, url] of urls.entries()) {
    try {
      socket = await open(url, options);
      break;
    } catch (error) {
      options.log?.(`${chain} websocket upstream ${index + 1} of ${urls.length} failed: ${error instanceof Error ? error.message.replaceAll(url, '[upstream]') : String(error)}`);
    }
  }
  if (!socket) throw new Error(`No websocket upstream of ${chain} accepted`);
  const live = socket;
  const waiting = new Map<number, { settle(reply: SocketReply): void; fail(error: Error): void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  let closing = false;

  live.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    const { id } = (typeof frame === 'object' && frame !== null ? frame : {}) as { id?: unknown };
    const call = typeof id === 'number' ? waiting.get(id) : undefined;
    if (call) {
      waiting.delete(id as number);
      clearTimeout(call.timer);
      call.settle(frame as SocketReply);
    } else if (id === undefined) options.onNotification(text);
  });
  live.on('error', (error) => options.log?.(`${chain} websocket upstream error: ${error.message}`));
  live.on('close', () => {
    for (const call of waiting.values()) {
      clearTimeout(call.timer);
      call.fail(new Error(`The websocket to ${chain} closed`));
    }
    waiting.clear();
    if (!closing) options.onClose();
  });

  return {
    call(method, params) {
      return new Promise((settle, fail) => {
        if (live.readyState !== WebSocket.OPEN) return fail(new Error(`The websocket to ${chain} is closed`));
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          fail(new Error(`${chain} did not answer ${method} within ${options.timeoutMs} ms`));
        }, options.timeoutMs);
        waiting.set(id, { settle, fail, timer });
        live.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    },
    close() {
      closing = true;
      live.terminate();
    },
  };
}
