import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMASTER_METHODS, type PaymasterMethod, type PaymasterService } from './paymasterService.ts';

const MAX_BODY_BYTES = 1_000_000;
type JsonRpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

const isPaymasterMethod = (method: unknown): method is PaymasterMethod => PAYMASTER_METHODS.includes(method as PaymasterMethod);
const failure = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/**
 * The bundler's one URL, as hosted bundlers have it: ERC-4337's methods go to the bundler
 * (alto, on a port of its own), ERC-7677's `pm_` methods to the devnet's paymaster service. Bad
 * input gets a JSON-RPC error, never a crash.
 */
export async function startBundlerEndpoint(options: { host: string; port: number; bundlerUrl: string; paymaster: PaymasterService }): Promise<{ url: string; stop(): Promise<void> }> {
  const answer = async (request: JsonRpcRequest): Promise<unknown> => {
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string') return failure(request?.id, -32600, 'Invalid request');
    if (isPaymasterMethod(request.method)) {
      try {
        return { jsonrpc: '2.0', id: request.id ?? null, result: await options.paymaster(request.method, request.params) };
      } catch (error) {
        return failure(request.id, -32602, error instanceof Error ? error.message : 'Paymaster refused the user operation');
      }
    }
    const response = await fetch(options.bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    return response.json();
  };

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' });
      return void res.end();
    }
    if (req.method !== 'POST') return send(405, failure(null, -32600, 'POST a JSON-RPC request'));
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY_BYTES) req.destroy();
    });
    req.on('end', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(200, failure(null, -32700, 'Parse error'));
      }
      const work = Array.isArray(parsed) ? Promise.all(parsed.map((item) => answer(item as JsonRpcRequest))) : answer(parsed as JsonRpcRequest);
      work.then(
        (result) => send(200, result),
        () => send(502, failure(null, -32603, 'The bundler did not answer')),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
