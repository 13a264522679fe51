import { Agent, get } from 'node:http';
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/waitFor.ts';
import { RELAY_ERRORS } from './relayErrors.ts';
import { RawRelayClient, refusedUpgrade, relayToken } from './testing/rawRelayClient.ts';
import { startRelayServer, type RelayServer } from './testing/startRelayServer.ts';

/** A plain HTTP GET through `agent` (which keeps its socket for the next one). */
function httpGet(url: string, agent: Agent): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    }).on('error', reject);
  });
}

// Clients at several addresses: Linux answers on all of 127/8.
const [FIRST, SECOND, THIRD] = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];

describe('relay connection limits (maxConnections 5, maxConnectionsPerIp 3)', () => {
  let server: RelayServer;
  const clients: RawRelayClient[] = [];
  const connect = async (localAddress: string) => {
    const client = await RawRelayClient.connect(server.url, { localAddress });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startRelayServer({ limits: { maxConnections: 5, maxConnectionsPerIp: 3 } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });

  it('refuses the fourth connection from one address with 429, then any past five with 503, and frees a place when one closes', async () => {
    const first = await Promise.all([connect(FIRST), connect(FIRST), connect(FIRST)]);
    expect(await refusedUpgrade(server.url, { localAddress: FIRST })).toMatchObject({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { message: RELAY_ERRORS.tooManyConnectionsFromIp(3) },
    });

    await Promise.all([connect(SECOND), connect(SECOND)]);
    expect(await refusedUpgrade(server.url, { localAddress: THIRD })).toMatchObject({ status: 503, body: { message: RELAY_ERRORS.tooManyConnections(5) } });
    expect(server.relay.stats().connections).toBe(5);

    await first[0]!.close();
    await waitFor(async () => (await refusedUpgrade(server.url, { localAddress: THIRD })).status === 401, 'a place to be free again');
    const third = await connect(THIRD);
    expect((await third.call('irn_subscribe', { topic: 'a'.repeat(64) })).error).toBeUndefined();
  });

  it('holds no place for an upgrade refused with 401, nor for plain HTTP requests on a kept-alive socket', async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await waitFor(() => server.relay.stats().connections === 0, 'every client gone');
    const expired = await relayToken(generateKeyPair(), server.url, { issuedAt: Math.floor(Date.now() / 1000) - 7200, ttlSeconds: 3600 });
    for (let i = 0; i < 5; i++) expect((await refusedUpgrade(`${server.url}?auth=${expired}`, { localAddress: FIRST })).status).toBe(401);
    const agent = new Agent({ keepAlive: true, localAddress: FIRST });
    try {
      // A valid JWT: checked, then answered 404 (no upgrade asked).
      const valid = await relayToken(generateKeyPair(), server.url);
      for (let i = 0; i < 5; i++) expect((await httpGet(`${server.url.replace(/^ws/, 'http')}?auth=${valid}`, agent)).status).toBe(404);
    } finally {
      agent.destroy();
    }
    await Promise.all([connect(FIRST), connect(FIRST), connect(FIRST)]);
    expect(server.relay.stats().connections).toBe(3);
  });
});
