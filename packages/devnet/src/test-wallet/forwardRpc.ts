import { ProviderRpcError, internalError } from './errors.ts';

let nextId = 1;

/** Sends one JSON-RPC call to the chain; an RPC error keeps its code, message and data. */
export async function forwardRpc(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    });
  } catch (error) {
    throw internalError(`${rpcUrl} unreachable (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw internalError(`${rpcUrl} answered HTTP ${response.status}`);
  const reply = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  if (reply.error) throw new ProviderRpcError(reply.error.code, reply.error.message, reply.error.data);
  return reply.result ?? null;
}
