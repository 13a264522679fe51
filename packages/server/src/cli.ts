import { loadConfig } from './config.ts';
import { createServer } from './createServer.ts';

const config = loadConfig();
const app = createServer(config);
try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(code === 'EADDRINUSE' ? `Port ${config.port} is already in use (is the server already running?)` : error);
  process.exit(1);
}
const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
