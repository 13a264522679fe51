import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

export function portFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number between 1 and 65535, got "${raw}"`);
    process.exit(1);
  }
  return port;
}

export function isPortFree(port, host = HOST) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
