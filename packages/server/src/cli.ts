#!/usr/bin/env node
import { preloadPolkadotCrypto } from './auth/polkadotCrypto.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { createServer } from './createServer.ts';
import { openDatabase } from './db/database.ts';

// `cairn-server` (the package's bin) and `npm start` (through tsx) run this, configured by the
// environment (.env.example): `cairn-server` serves, `cairn-server migrate` brings the database's
// schema up to date and exits.
const USAGE = `Usage: cairn-server [migrate]

  cairn-server          start the server (configuration from the environment: see .env.example)
  cairn-server migrate  migrate the database (DATABASE_URL, or the default SQLite file) and exit
`;

const [command, ...extra] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(USAGE);
  process.exit(0);
}
if ((command !== undefined && command !== 'migrate') || extra.length > 0) {
  process.stderr.write(`Unknown command: ${process.argv.slice(2).join(' ')}\n\n${USAGE}`);
  process.exit(2);
}

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : error);
  process.exit(1);
}

if (command === 'migrate') await migrate(config);
else await serve(config);

async function migrate(config: ServerConfig): Promise<void> {
  try {
    const db = await openDatabase(config.database);
    await db.destroy();
    console.log(`Database migrated (${config.database.dialect})`);
  } catch (error) {
    console.error(`The database could not be migrated: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function serve(config: ServerConfig): Promise<void> {
  let app: Awaited<ReturnType<typeof createServer>>;
  try {
    app = await createServer(config);
    await app.listen({ host: config.host, port: config.port });
    if (config.polkadotSignInNetworks.length > 0) preloadPolkadotCrypto();
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
}
