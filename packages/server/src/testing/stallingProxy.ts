import { createConnection, createServer, type Socket } from 'node:net';

export interface StallingProxy {
  /** `redis://127.0.0.1:<port>`: the target reached through the proxy. */
  url: string;
  /** Holds what the target sends back (its answers, a blocked read's entries) until release(). */
  hold(): void;
  /** Sends what was held, in order, and lets the answers through again. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 to a local port whose way back can stall: a slow network between one
 * replica and Redis, so a test can put a replica behind the others' events for as long as it needs.
 * What the client sends always goes through; the target's answers wait while held.
 */
export async function startStallingProxy(targetPort: number): Promise<StallingProxy> {
  let held = false;
  const waiting: { to: Socket; chunk: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const target = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, target]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => (client.destroy(), target.destroy()));
    }
    client.pipe(target);
    target.on('data', (chunk: Buffer) => (held ? waiting.push({ to: client, chunk }) : client.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    hold: () => void (held = true),
    release() {
      held = false;
      for (const { to, chunk } of waiting.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
