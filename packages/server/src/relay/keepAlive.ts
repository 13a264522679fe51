import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';

export interface KeepAlive {
  track(socket: WebSocket): void;
  stop(): void;
}

/**
 * Pings every socket each `intervalMs` and terminates one that has not answered its ping by the
 * second tick after it (a peer gone without a close frame, or one that stopped reading, would
 * otherwise hold its subscriptions and its send buffer forever). Each ping carries fresh random
 * bytes and only a pong echoing them counts (RFC 6455 §5.5.3: a pong carries the ping's data): a
 * peer that sends unsolicited pongs without reading what it is sent does not stay alive by them.
 * The WalletConnect client in Node does the same from its side: no ping for 35 s and it reconnects.
 *
 * Why a tick of grace: after the event loop was held past an interval (a long task, a busy
 * machine), Node runs the due timer before it reads the sockets, so a pong that arrived meanwhile
 * is still unread when the timer looks; judged at that tick, live peers were dropped (the relay's
 * liveness tests failed so at load ~20). Between two ticks the loop reads the sockets at least once.
 */
export function keepAlive(intervalMs: number, onDead: (socket: WebSocket) => void = () => {}): KeepAlive {
  // The data of the ping a socket has yet to answer (null once answered), and whether a tick has
  // already found it unanswered.
  const awaited = new Map<WebSocket, { payload: Buffer; late: boolean } | null>();
  const timer = setInterval(() => {
    for (const [socket, ping] of awaited) {
      if (ping?.late) {
        awaited.delete(socket);
        onDead(socket);
        socket.terminate();
      } else if (ping) {
        ping.late = true;
      } else {
        const payload = randomBytes(8);
        awaited.set(socket, { payload, late: false });
        socket.ping(payload);
      }
    }
  }, intervalMs);
  timer.unref();
  return {
    track(socket) {
      awaited.set(socket, null);
      socket.on('pong', (data: Buffer) => {
        const ping = awaited.get(socket);
        if (ping && data.equals(ping.payload)) awaited.set(socket, null);
      });
      socket.on('close', () => awaited.delete(socket));
    },
    stop() {
      clearInterval(timer);
      awaited.clear();
    },
  };
}
