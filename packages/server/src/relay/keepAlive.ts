import type { WebSocket } from 'ws';

export interface KeepAlive {
  track(socket: WebSocket): void;
  stop(): void;
}

/**
 * Pings every socket each `intervalMs` and terminates one that did not answer the previous ping
 * (a peer gone without a close frame would otherwise hold its subscriptions forever). The
 * WalletConnect client in Node does the same from its side: no ping for 35 s and it reconnects.
 */
export function keepAlive(intervalMs: number, onDead: (socket: WebSocket) => void = () => {}): KeepAlive {
  const answered = new Map<WebSocket, boolean>();
  const timer = setInterval(() => {
    for (const [socket, alive] of answered) {
      if (!alive) {
        answered.delete(socket);
        onDead(socket);
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return {
    track(socket) {
      answered.set(socket, true);
      socket.on('pong', () => {
        if (answered.has(socket)) answered.set(socket, true);
      });
      socket.on('close', () => answered.delete(socket));
    },
    stop() {
      clearInterval(timer);
      answered.clear();
    },
  };
}
