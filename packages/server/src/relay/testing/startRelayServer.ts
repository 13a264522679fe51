import type { FastifyInstance } from 'fastify';
import { createServer } from '../../createServer.ts';
import { testConfig } from '../../testing/testServer.ts';
import type { Relay } from '../relay.ts';
import { RELAY_PATH, type RelayRouteOptions } from '../relayRoute.ts';

export type RelayServer = { app: FastifyInstance; relay: Relay; url: string; close(): Promise<void> };

/**
 * The whole Cairn server as `npm start` configures it (relay on), listening on 127.0.0.1 on a free
 * port, with an in-memory database and no indexer: the relay is the part under test.
 */
export async function startRelayServer(relay: RelayRouteOptions = {}): Promise<RelayServer> {
  const config = testConfig({ dialect: 'sqlite', path: ':memory:' }, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false' });
  const app = await createServer(config, { relay });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  if (!app.relay) throw new Error('the server started without its relay (RELAY_ENABLED)');
  return { app, relay: app.relay, url: `${address.replace(/^http/, 'ws')}${RELAY_PATH}`, close: () => app.close() };
}
