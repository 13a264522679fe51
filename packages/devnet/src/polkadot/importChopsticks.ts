import http from 'node:http';
import https from 'node:https';

type HttpEntryPoints = Pick<typeof http, 'request' | 'get' | 'globalAgent'>;

const entryPoints = (module: typeof http | typeof https): HttpEntryPoints => ({ request: module.request, get: module.get, globalAgent: module.globalAgent });
function restore(module: typeof http | typeof https, saved: HttpEntryPoints): void {
  Object.assign(module, saved);
}

/**
 * Chopsticks, imported without what its import does to the whole process: its `utils/tunnel.js`
 * calls global-agent's `bootstrap()`, which replaces `http(s).request`, `http(s).get` and the global
 * agents with wrappers forcing its keep-alive agent onto every request made afterwards, even one
 * that brings its own connection (ws does). A websocket client then reused a pooled socket its
 * server had already closed: "socket hang up" in rpcSocket.test.ts (1 run in 3 of the rpc folder,
 * whenever rpcPolkadot.test.ts had started a chain earlier in the same worker). The chain here is
 * offline (a genesis, no endpoint), so the proxy support this bootstrap is for is never needed.
 */
export async function importChopsticks(): Promise<typeof import('@acala-network/chopsticks')> {
  const savedHttp = entryPoints(http);
  const savedHttps = entryPoints(https);
  try {
    return await import('@acala-network/chopsticks');
  } finally {
    restore(http, savedHttp);
    restore(https, savedHttps);
  }
}
