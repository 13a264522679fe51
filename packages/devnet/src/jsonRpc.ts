/** Plain JSON-RPC over fetch for the Node side (deploy, readiness). */

type RpcResponse = { id: number; result?: unknown; error?: { code: number; message: string } };

let nextId = 1;

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function rpcBatch(
  url: string,
  calls: readonly { method: string; params?: unknown[] }[],
  signal?: AbortSignal,
): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const body = calls.map(({ method, params = [] }) => ({ jsonrpc: '2.0', id: nextId++, method, params }));
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const replies = (await response.json()) as RpcResponse[];
  const byId = new Map(replies.map((reply) => [reply.id, reply]));
  return body.map(({ id, method }) => {
    const reply = byId.get(id);
    if (!reply) throw new Error(`${url} sent no reply to ${method}`);
    if (reply.error) throw new JsonRpcError(reply.error.code, `${method}: ${reply.error.message}`);
    return reply.result;
  });
}

export async function rpcCall(url: string, method: string, params: unknown[] = [], signal?: AbortSignal): Promise<unknown> {
  const [result] = await rpcBatch(url, [{ method, params }], signal);
  return result;
}
