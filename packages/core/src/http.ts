import { HTTP_RETRIES, HTTP_RETRY_BASE_MS, HTTP_RETRY_STATUSES, JSON_RPC_TIMEOUT_MS, REQUEST_DEDUPE_CACHE_SIZE, RETRYABLE_RPC_CODES } from './constants.ts';
import { ErrorText } from './errors.ts';
import { isIdempotentRead } from './rules/rpcReads.ts';

export class HttpError extends Error {
  /** `detail`: the server's own reason, when its error body gave one (shown where SPEC asks for it). */
  constructor(
    readonly status: number,
    readonly detail?: string,
  ) {
    super(ErrorText.httpStatus(status));
    this.name = 'HttpError';
  }
}

/** SPEC §8's 'Request was aborted': a request past its timeout. Named like the platform's timeouts, so a caller can tell it passes. */
export class RequestTimeoutError extends Error {
  constructor(options?: ErrorOptions) {
    super(ErrorText.requestAborted, options);
    this.name = 'TimeoutError';
  }
}

const MAX_DETAIL_LENGTH = 300;

/** The reason in an error body: `{ reasons: [{ description }] }` or `{ message }` (ours), trimmed. */
async function errorDetail(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { reasons?: { description?: unknown }[]; message?: unknown };
    const detail = body?.reasons?.[0]?.description ?? body?.message;
    return typeof detail === 'string' && detail ? detail.slice(0, MAX_DETAIL_LENGTH) : undefined;
  } catch {
    return undefined;
  }
}

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export interface FetchOptions {
  fetch?: typeof fetch;
  retries?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After is seconds or an HTTP date; anything else falls back to the backoff. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(date - Date.now(), 0), 30_000);
}

/**
 * DESIGN.md / SPEC §8: the one HTTP path. Throws 'HTTP status code: {status}' on a non-OK
 * answer; retries 403/408/413/429/5xx with exponential backoff from 150 ms, 3 times, honouring
 * Retry-After. A request past `timeoutMs` is aborted: a GET is retried like a 408, anything else
 * throws 'Request was aborted' (SPEC §8) at once.
 */
export async function fetchWithRetry(url: string, init: RequestInit = {}, options: FetchOptions = {}): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const retries = options.retries ?? HTTP_RETRIES;
  const base = options.retryBaseMs ?? HTTP_RETRY_BASE_MS;
  const sleep = options.sleep ?? defaultSleep;
  const method = (init.method ?? 'GET').toUpperCase();
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? JSON_RPC_TIMEOUT_MS);
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      // Our own timeout: a read is asked again as a 408 would be; a write may have landed, so it is not.
      if (attempt < retries && SAFE_METHODS.has(method)) {
        await sleep(base * 2 ** attempt);
        continue;
      }
      throw new RequestTimeoutError({ cause: error });
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) return response;
    if (attempt >= retries || !HTTP_RETRY_STATUSES.includes(response.status)) throw new HttpError(response.status, await errorDetail(response));
    await sleep(retryAfterMs(response.headers.get('retry-after')) ?? base * 2 ** attempt);
  }
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * SPEC §9 request dedupe: identical reads asked while one is in flight share its answer (at most
 * REQUEST_DEDUPE_CACHE_SIZE at once; past that a read goes out on its own). `key` names the read.
 */
export function dedupeInFlight<T>(key: string, read: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<T>;
  if (inFlight.size >= REQUEST_DEDUPE_CACHE_SIZE) return read();
  const answer = read().finally(() => inFlight.delete(key));
  inFlight.set(key, answer);
  return answer;
}

let rpcId = 0;

/**
 * One JSON-RPC 2.0 call over HTTP, e.g. eth_getBalance against a network's RPC URL. A read
 * (`isIdempotentRead`) shares an identical one in flight, and is asked again after SPEC §8's
 * retryable JSON-RPC errors with the HTTP retries' backoff; any other method goes out once.
 */
export function jsonRpcRequest<T>(url: string, method: string, params: readonly unknown[] = [], options: FetchOptions = {}): Promise<T> {
  if (!isIdempotentRead(method)) return callJsonRpc<T>(url, method, params, options);
  return dedupeInFlight(`${url} ${method} ${JSON.stringify(params)}`, async () => {
    const retries = options.retries ?? HTTP_RETRIES;
    const sleep = options.sleep ?? defaultSleep;
    for (let attempt = 0; ; attempt++) {
      try {
        return await callJsonRpc<T>(url, method, params, options);
      } catch (error) {
        if (attempt >= retries || !(error instanceof JsonRpcError) || !RETRYABLE_RPC_CODES.includes(error.code)) throw error;
        await sleep((options.retryBaseMs ?? HTTP_RETRY_BASE_MS) * 2 ** attempt);
      }
    }
  });
}

async function callJsonRpc<T>(url: string, method: string, params: readonly unknown[], options: FetchOptions): Promise<T> {
  const response = await fetchWithRetry(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    },
    options,
  );
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw new JsonRpcError(body.error.code, body.error.message, body.error.data);
  if (!('result' in body)) throw new JsonRpcError(-32603, 'JSON-RPC response without result');
  return body.result as T;
}
