import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';

async function chainHead(rpcUrl: string): Promise<number | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(2000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

/** The Cairn backend. This first cut serves health and the supported chains; issue 3 adds the data API. */
export function createServer(config: ServerConfig): FastifyInstance {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' }, bodyLimit: 64 * 1024 });
  app.get('/health', async () => {
    const chains = await Promise.all(
      config.chains.map(async (chain) => ({ chainId: `eip155:${chain.chainId}`, head: await chainHead(chain.rpcUrl) })),
    );
    return { status: chains.every((chain) => chain.head !== null) ? 'ok' : 'degraded', chains };
  });
  app.get('/v1/supported-chains', async () => ({
    http: config.chains.map((chain) => `eip155:${chain.chainId}`),
  }));
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ error: 'Not Found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) app.log.error(error);
    void reply.code(status).send({ error: status === 500 ? 'Internal Server Error' : 'Bad Request', message: status === 500 ? 'Internal error' : error.message });
  });
  return app;
}
