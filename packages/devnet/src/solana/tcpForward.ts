import { connect, createServer, type Server } from 'node:net';

export interface TcpForward {
  port: number;
  close(): Promise<void>;
}

/**
 * Surfnet picks its own ports; this gives it the devnet's fixed one. A plain TCP relay, so HTTP
 * and websocket upgrades pass unchanged.
 */
export function forwardTcp(listenPort: number, host: string, target: { host: string; port: number }): Promise<TcpForward> {
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: listenPort, host, exclusive: true }, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : listenPort,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
