import { encodeIss, generateKeyPair } from '@walletconnect/relay-auth';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../testing/waitFor.ts';
import { registerRelay, RELAY_PATH } from './relayRoute.ts';
import { RawRelayClient, refusedUpgrade, relayToken, relayTokenWithPayload } from './testing/rawRelayClient.ts';

type LogLine = { level: number; msg: string; req?: Record<string, unknown> };

describe('relay route logs', () => {
  // The relay route alone on a Fastify whose log lines the test keeps (createServer's logger
  // writes to stdout): every level, so no line of the route escapes the check.
  it('never writes a client’s auth JWT to the log, for an accepted connection or a refused one, at any level', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    await registerRelay(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address.replace(/^http/, 'ws')}${RELAY_PATH}`;
    try {
      const client = await RawRelayClient.connect(url);
      await client.call('irn_subscribe', { topic: 'a'.repeat(64) });
      await client.close();
      const keyPair = generateKeyPair();
      const expired = await relayToken(keyPair, url, { issuedAt: Math.floor(Date.now() / 1000) - 7200, ttlSeconds: 3600 });
      const outOfRange = relayTokenWithPayload(keyPair, `{"iss":"${encodeIss(keyPair.publicKey)}","sub":"s","aud":"${url}","iat":1,"exp":-1e20}`);
      expect((await refusedUpgrade(`${url}?auth=${expired}&projectId=cairn-test`)).status).toBe(401);
      expect((await refusedUpgrade(`${url}?projectId=cairn-test&auth=${outOfRange}`)).status).toBe(401);
      // The query parser decodes names: %61uth is auth.
      expect((await refusedUpgrade(`${url}?%61uth=${expired}x`)).status).toBe(401);
      await waitFor(() => lines.filter((line) => line.includes('"request completed"')).length === 3, 'the refused upgrades’ log lines', 5000);

      const log = lines.join('');
      for (const token of [client.token, expired, `${expired}x`, outOfRange]) {
        expect(log).not.toContain(token);
        // Nor its signature, however the URL around it was cut.
        expect(log).not.toContain(token.split('.')[2]);
      }
      const incoming = lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'incoming request');
      expect(incoming).toHaveLength(4);
      expect(incoming[0]!.req).toMatchObject({ method: 'GET', url: RELAY_PATH, projectId: 'cairn-test', ua: 'raw-test', remoteAddress: '127.0.0.1' });
    } finally {
      await app.close();
    }
  });
});
