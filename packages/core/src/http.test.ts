import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithRetry, HttpError, jsonRpcRequest, JsonRpcError } from './http.ts';
import { ErrorText } from './errors.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that answers from a script, one response per call, and records the calls. */
function scriptedFetch(...responses: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('unexpected extra request');
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const status = (code: number, headers: Record<string, string> = {}) => () => new Response(null, { status: code, headers });
const ok = (body: unknown = { ok: true }) => () => Response.json(body);

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('fetchWithRetry', () => {
  it('returns the first OK response without waiting', async () => {
    const { fetch, calls } = scriptedFetch(ok({ value: 1 }));
    const { waits, sleep } = recordingSleep();
    const response = await fetchWithRetry('https://api.test/x', { method: 'GET' }, { fetch, sleep });
    expect(await response.json()).toEqual({ value: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('GET');
    expect(waits).toEqual([]);
  });

  it.each([429, 503])('retries %i up to 3 times with 150, 300, 600 ms backoff, then throws', async (code) => {
    const { fetch, calls } = scriptedFetch(status(code), status(code), status(code), status(code));
    const { waits, sleep } = recordingSleep();
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).rejects.toThrow(`HTTP status code: ${code}`);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([150, 300, 600]);
  });

  it('returns the response that succeeds after retries', async () => {
    const { fetch } = scriptedFetch(status(503), status(429), ok({ done: true }));
    const { waits, sleep } = recordingSleep();
    const response = await fetchWithRetry('https://api.test/x', {}, { fetch, sleep });
    expect(await response.json()).toEqual({ done: true });
    expect(waits).toEqual([150, 300]);
  });

  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries status %i (SPEC §8)', async (code) => {
    const { fetch } = scriptedFetch(status(code), ok());
    const { waits, sleep } = recordingSleep();
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).resolves.toBeInstanceOf(Response);
    expect(waits).toEqual([150]);
  });

  it.each([400, 401, 404, 422])('does not retry status %i', async (code) => {
    const { fetch, calls } = scriptedFetch(status(code));
    const { waits, sleep } = recordingSleep();
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).rejects.toThrow(`HTTP status code: ${code}`);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("throws an HttpError whose message is exactly 'HTTP status code: 404'", async () => {
    const { fetch } = scriptedFetch(status(404));
    const error = await fetchWithRetry('https://api.test/x', {}, { fetch, sleep: async () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('HTTP status code: 404');
    expect((error as HttpError).status).toBe(404);
  });

  it("keeps the server's reason as detail (first reason's description, else message), never as the message", async () => {
    const reply = (body: string) => async () => new Response(body, { status: 400, headers: { 'content-type': 'application/json' } });
    const reasons = await fetchWithRetry('https://api.test/x', {}, { fetch: reply('{"reasons":[{"description":"Name is taken"}]}') }).then(() => undefined as never, (e: HttpError) => e);
    expect([reasons.message, reasons.detail]).toEqual(['HTTP status code: 400', 'Name is taken']);
    const message = await fetchWithRetry('https://api.test/x', {}, { fetch: reply('{"message":"Network not supported for Swaps"}') }).then(() => undefined as never, (e: HttpError) => e);
    expect(message.detail).toBe('Network not supported for Swaps');
    for (const body of ['not json', '{"message":42}', 'null', `{"message":"${'x'.repeat(1000)}"}`]) {
      const error = await fetchWithRetry('https://api.test/x', {}, { fetch: reply(body) }).then(() => undefined as never, (e: HttpError) => e);
      expect(error.detail === undefined || error.detail.length === 300, body).toBe(true);
    }
  });

  it('honours Retry-After in seconds instead of the backoff', async () => {
    const { fetch } = scriptedFetch(status(429, { 'Retry-After': '2' }), status(503, { 'Retry-After': '0' }), ok());
    const { waits, sleep } = recordingSleep();
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep });
    expect(waits).toEqual([2000, 0]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const { fetch } = scriptedFetch(status(503, { 'Retry-After': 'Wed, 01 Jan 2025 00:00:05 GMT' }), ok());
    const { waits, sleep } = recordingSleep();
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep });
    expect(waits).toEqual([5000]);
  });

  it('caps Retry-After at 30 s so a server cannot stall the widget', async () => {
    const { fetch } = scriptedFetch(status(429, { 'Retry-After': '3600' }), ok());
    const { waits, sleep } = recordingSleep();
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep });
    expect(waits).toEqual([30_000]);
  });

  it('falls back to the backoff when Retry-After is unreadable', async () => {
    const { fetch } = scriptedFetch(status(429, { 'Retry-After': 'soon' }), ok());
    const { waits, sleep } = recordingSleep();
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep });
    expect(waits).toEqual([150]);
  });

  it('honours a smaller number of retries', async () => {
    const { fetch, calls } = scriptedFetch(status(503), status(503));
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, sleep: async () => {}, retries: 1 })).rejects.toThrow(
      'HTTP status code: 503',
    );
    expect(calls).toHaveLength(2);
  });

  it('aborts a request that takes longer than timeoutMs', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ) as unknown as typeof globalThis.fetch;
    const pending = fetchWithRetry('https://api.test/x', { method: 'POST' }, { fetch, timeoutMs: 1_000 });
    let ended = false;
    const settled = expect(pending.finally(() => (ended = true))).rejects.toThrow(ErrorText.requestAborted);
    await vi.advanceTimersByTimeAsync(999);
    // Still waiting (not the count of timers: a timer left by another file sharing this worker would change it).
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    // A write may have landed: it is not sent again.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks a read again after it timed out, and gives up with SPEC\'s text once the retries are spent', async () => {
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    let asked = 0;
    const answersThird = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      ++asked < 3 ? hanging(input, init) : Promise.resolve(new Response('{}', { status: 200 })),
    ) as unknown as typeof globalThis.fetch;
    const answered = await fetchWithRetry('https://api.test/x', {}, { fetch: answersThird, timeoutMs: 5, sleep: async () => {} });
    expect(answered.status).toBe(200);
    expect(answersThird).toHaveBeenCalledTimes(3);

    const never = vi.fn(hanging) as unknown as typeof globalThis.fetch;
    await expect(fetchWithRetry('https://api.test/x', { method: 'GET' }, { fetch: never, timeoutMs: 5, sleep: async () => {}, retries: 2 })).rejects.toThrow(
      ErrorText.requestAborted,
    );
    expect(never).toHaveBeenCalledTimes(3);
  });

  it('passes on a failure that was not its own timeout as it came', async () => {
    const refused = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof globalThis.fetch;
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch: refused, sleep: async () => {} })).rejects.toThrow('Failed to fetch');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('jsonRpcRequest', () => {
  it('POSTs a JSON-RPC 2.0 body and returns the result', async () => {
    const { fetch, calls } = scriptedFetch(ok({ jsonrpc: '2.0', id: 1, result: '0x1bc16d674ec80000' }));
    const result = await jsonRpcRequest<string>('http://rpc.test', 'eth_getBalance', ['0xabc', 'latest'], { fetch });
    expect(result).toBe('0x1bc16d674ec80000');
    expect(calls[0]?.url).toBe('http://rpc.test');
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/json');
    const body = JSON.parse(String(calls[0]?.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ jsonrpc: '2.0', method: 'eth_getBalance', params: ['0xabc', 'latest'] });
    expect(typeof body.id).toBe('number');
  });

  it('uses a new id for each request', async () => {
    const { fetch, calls } = scriptedFetch(ok({ result: 1 }), ok({ result: 2 }));
    await jsonRpcRequest('http://rpc.test', 'eth_chainId', [], { fetch });
    await jsonRpcRequest('http://rpc.test', 'eth_chainId', [], { fetch });
    const ids = calls.map((call) => (JSON.parse(String(call.init.body)) as { id: number }).id);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('returns a null result as null', async () => {
    const { fetch } = scriptedFetch(ok({ jsonrpc: '2.0', id: 1, result: null }));
    await expect(jsonRpcRequest('http://rpc.test', 'eth_getTransactionReceipt', ['0x1'], { fetch })).resolves.toBeNull();
  });

  it('throws a JsonRpcError with the code, message and data of an error body', async () => {
    const { fetch } = scriptedFetch(
      ok({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted', data: '0x08c379a0' } }),
    );
    const error = await jsonRpcRequest('http://rpc.test', 'eth_call', [], { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32000, message: 'execution reverted', data: '0x08c379a0' });
  });

  it('throws a JsonRpcError when the body has neither result nor error', async () => {
    const { fetch } = scriptedFetch(ok({ jsonrpc: '2.0', id: 1 }));
    await expect(jsonRpcRequest('http://rpc.test', 'eth_chainId', [], { fetch, retries: 0 })).rejects.toMatchObject({
      name: 'JsonRpcError',
      code: -32603,
    });
  });

  it('throws the HTTP status when the node answers with an error status', async () => {
    const { fetch } = scriptedFetch(status(404));
    await expect(jsonRpcRequest('http://rpc.test', 'eth_chainId', [], { fetch })).rejects.toThrow('HTTP status code: 404');
  });
});

describe('jsonRpcRequest: retries and shared reads (SPEC §8, §9)', () => {
  const rpcError = (code: number) => ok({ jsonrpc: '2.0', id: 1, error: { code, message: 'limit exceeded' } });

  it("asks a read again after the node's retryable errors, with the HTTP retries' backoff", async () => {
    const { fetch, calls } = scriptedFetch(rpcError(-32005), rpcError(-32603), ok({ result: '0x2a' }));
    const { waits, sleep } = recordingSleep();
    await expect(jsonRpcRequest('http://rpc.test', 'eth_getBalance', ['0xabc', 'latest'], { fetch, sleep })).resolves.toBe('0x2a');
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([150, 300]);
  });

  it('gives up after 3 retries, and never retries an error that is not retryable', async () => {
    const limited = scriptedFetch(rpcError(-32005), rpcError(-32005), rpcError(-32005), rpcError(-32005));
    const { waits, sleep } = recordingSleep();
    await expect(jsonRpcRequest('http://rpc.test', 'eth_call', [], { fetch: limited.fetch, sleep })).rejects.toMatchObject({ code: -32005 });
    expect(waits).toEqual([150, 300, 600]);
    const reverted = scriptedFetch(rpcError(3));
    await expect(jsonRpcRequest('http://rpc.test', 'eth_call', [], { fetch: reverted.fetch, sleep })).rejects.toMatchObject({ code: 3 });
    expect(reverted.calls).toHaveLength(1);
  });

  it('sends a transaction once, whatever the error', async () => {
    const { fetch, calls } = scriptedFetch(rpcError(-32603));
    await expect(jsonRpcRequest('http://rpc.test', 'eth_sendRawTransaction', ['0x02'], { fetch })).rejects.toMatchObject({ code: -32603 });
    expect(calls).toHaveLength(1);
  });

  it('lets identical reads in flight share one request; another read, or a later one, asks on its own', async () => {
    const { fetch, calls } = scriptedFetch(ok({ result: '0x1' }), ok({ result: '0x2' }), ok({ result: '0x3' }));
    const balance = () => jsonRpcRequest('http://rpc.test', 'eth_getBalance', ['0xabc', 'latest'], { fetch });
    const [first, second, other] = await Promise.all([balance(), balance(), jsonRpcRequest('http://rpc.test', 'eth_getBalance', ['0xdef', 'latest'], { fetch })]);
    expect([first, second, other]).toEqual(['0x1', '0x1', '0x2']);
    expect(calls).toHaveLength(2);
    await expect(balance()).resolves.toBe('0x3');
  });

  it('never shares a filter read, whose changes each call consumes', async () => {
    const { fetch, calls } = scriptedFetch(ok({ result: ['0xa'] }), ok({ result: [] }));
    const changes = () => jsonRpcRequest('http://rpc.test', 'eth_getFilterChanges', ['0x1'], { fetch });
    expect(await Promise.all([changes(), changes()])).toEqual([['0xa'], []]);
    expect(calls).toHaveLength(2);
  });
});
