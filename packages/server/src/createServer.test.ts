import { describe, expect, it } from 'vitest';
import { createServer } from './createServer.ts';
import { loadConfig } from './config.ts';

describe('server', () => {
  const app = createServer({ host: '127.0.0.1', port: 0, chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }] });

  it('lists the configured chains as CAIP-2 ids', async () => {
    const response = await app.inject('/v1/supported-chains');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ http: ['eip155:31337'] });
  });

  it('reports a chain it cannot reach as degraded, not as an error', async () => {
    const response = await app.inject('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'degraded', chains: [{ chainId: 'eip155:31337', head: null }] });
  });

  it('answers an unknown route with 404 and a message, without a stack trace', async () => {
    const response = await app.inject('/nope?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'No route GET /nope' });
  });

  it('rejects an invalid port or RPC URL in the environment with a message naming the variable', () => {
    expect(() => loadConfig({ SERVER_PORT: 'abc' })).toThrow('SERVER_PORT must be a port number');
    expect(() => loadConfig({ RPC_URL_1: 'ftp://x' })).toThrow('RPC_URL_1 must be an http(s) URL');
    expect(loadConfig({ RPC_URL_5: 'http://127.0.0.1:9' }).chains).toEqual([{ chainId: 5, rpcUrl: 'http://127.0.0.1:9' }]);
  });
});
