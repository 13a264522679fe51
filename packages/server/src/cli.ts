import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { createServer } from './createServer.ts';

// `npm start` runs this (node --import tsx packages/server/src/cli.ts) with the stack's variables.
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : error);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof createServer>>;
try {
  app = await createServer(config);
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${config.port} is already in use (is the server already running? choose another with SERVER_PORT)`
      : `The server could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
