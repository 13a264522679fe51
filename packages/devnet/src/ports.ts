import { createServer } from 'node:net';

export function portInUseMessage(port: number): string {
  return `Port ${port} is already in use (is another devnet running?)`;
}

/** Rejects with a clear message when something already listens on host:port. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(portInUseMessage(port)) : error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}
