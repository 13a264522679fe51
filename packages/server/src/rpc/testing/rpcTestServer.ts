import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startRpcProxy, type RpcProxy } from '../../testing/rpcProxy.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabases.ts';
import type { DatabaseConfig } from '../../config.ts';
import { DEVNET_PROJECT_ID } from '../../devnetDefaults.ts';
import { startTestServer, testConfig } from '../../testing/testServer.ts';

/** A listening server (the proxy is reached over real HTTP, as a browser or viem reaches it) and its RPC URL per chain. */
export async function startRpcTestServer(database: DatabaseConfig, chains: { chainId: number; rpcUrl: string }[], env: NodeJS.ProcessEnv = {}) {
  const app: FastifyInstance = await startTestServer(testConfig(database, chains, { INDEXER_ENABLED: 'false', ...env }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    /** The proxy's URL for a CAIP-2 chain, as the widget builds it (SPEC §7). */
    rpcUrl: (chain: string) => `${base}/v1/?chainId=${chain}&projectId=${DEVNET_PROJECT_ID}`,
    close: () => app.close(),
  };
}

/** Posts a JSON-RPC body (object, array, or text as is) to the proxy; returns the status, headers and parsed body. */
export async function postRpc(url: string, body: unknown) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** A TCP port nothing listens on (bound, then let go): a node that is down. */
export async function deadPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type RpcTestServer = Awaited<ReturnType<typeof startRpcTestServer>>;

/**
 * For one test file: a database, a counting loopback proxy (`node`) in front of the chain's real
 * node at `upstream()`, and a listening server whose upstream for `chain` is that proxy
 * (`configure` turns the proxy's URL into the server's chains and environment).
 */
export function useProxiedChain(chain: string, upstream: () => string, configure: (nodeUrl: string) => { chains?: { chainId: number; rpcUrl: string }[]; env?: NodeJS.ProcessEnv }) {
  let database: TestDatabase | undefined;
  let node: RpcProxy | undefined;
  let server: RpcTestServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    node = await startRpcProxy(upstream());
    const { chains = [], env = {} } = configure(node.url);
    server = await startRpcTestServer(database.config, chains, env);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await node?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The RPC test server is not running (did beforeAll fail?)');
    return value;
  };
  return {
    database: () => started(database),
    node: () => started(node),
    server: () => started(server),
    /** The proxy's URL for `chain`. */
    url: () => started(server).rpcUrl(chain),
  };
}
