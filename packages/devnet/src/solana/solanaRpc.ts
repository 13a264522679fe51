let nextId = 1;

/** One JSON-RPC call to a Solana node (Surfpool answers no batches, so every call is single). */
export async function solanaRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status} to ${method}`);
  const reply = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (reply.error) throw new Error(`${method}: ${reply.error.message} (${reply.error.code})`);
  return reply.result as T;
}
