import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';

export interface KeepAlive {
  track(socket: WebSocket): void;
  stop(): void;
}

/**
 * Pings every socket each `intervalMs` and terminates one that did not answer the previous ping
 * (a peer gone without a close frame, or one that stopped reading, would otherwise hold its
 * subscriptions and its send buffer forever). Each ping carries fresh random bytes and only a
 * pong echoing them counts (RFC 6455 §5.5.3: a pong carries the ping's data): a peer that sends
 * unsolicited pongs without reading what it is sent does not stay alive by them. The
 * WalletConnect client in Node does the same from its side: no ping for 35 s and it reconnects.
 */
export function keepAlive(intervalMs: number, onDead: (socket: WebSocket) => void = () => {}): KeepAlive {
  // The data of the ping a socket has yet to answer; null once answered.
  const awaited = new Map<WebSocket, Buffer | null>();
  const timer = setInterval(() => {
    for (const [socket, payload] of awaited) {
      if (payload !== null) {
        awaited.delete(socket);
        onDead(socket);
        socket.terminate();
        continue;
      }
      const next = randomBytes(8);
      awaited.set(socket, next);
      socket.ping(next);
    }
  }, intervalMs);
  timer.unref();
  return {
    track(socket) {
      awaited.set(socket, null);
      socket.on('pong', (data: Buffer) => {
        const payload = awaited.get(socket);
        if (payload && data.equals(payload)) awaited.set(socket, null);
      });
      socket.on('close', () => awaited.delete(socket));
    },
    stop() {
      clearInterval(timer);
      awaited.clear();
    },
  };
}
