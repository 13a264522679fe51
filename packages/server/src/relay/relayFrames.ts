import { RELAY_ERRORS, RPC_ERROR_CODES } from './relayErrors.ts';

/**
 * A JSON-RPC id as it was written. WalletConnect clients make ids of 19 digits (beyond 2^53), so an
 * integer id is kept as its digits and written back unchanged, never through a float.
 */
export type RpcId = { kind: 'string'; value: string } | { kind: 'integer'; digits: string };

export type IncomingFrame =
  | { type: 'request'; id: RpcId; method: string; params: unknown }
  | { type: 'response'; id: RpcId; result?: unknown; error?: unknown }
  | { type: 'invalid'; id: RpcId | null; code: number; message: string };

// Marks an integer too long for a double, rewritten as a string (escaped NUL first) before JSON.parse.
const BIG_INTEGER = '\u0000int:';

/** Rewrites integer literals outside strings that a double cannot hold exactly into marked strings. */
function protectBigIntegers(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      continue;
    }
    if (char !== '-' && (char < '0' || char > '9')) continue;
    let end = i + 1;
    while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++;
    const literal = text.slice(i, end);
    if (/^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
      out += `${text.slice(copiedUpTo, i)}"\\u0000int:${literal}"`;
      copiedUpTo = end;
    }
    i = end - 1;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

function readId(value: unknown): RpcId | null {
  if (typeof value === 'string') {
    const digits = value.startsWith(BIG_INTEGER) ? value.slice(BIG_INTEGER.length) : '';
    // Only our own marker, never a client's string made to look like one, is written back bare.
    return /^-?\d{16,}$/.test(digits) ? { kind: 'integer', digits } : { kind: 'string', value };
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { kind: 'integer', digits: String(value) };
  return null;
}

/** Reads one websocket text frame. Never throws: a bad frame comes back as `invalid` with its JSON-RPC error. */
export function parseFrame(text: string): IncomingFrame {
  let value: unknown;
  try {
    value = JSON.parse(protectBigIntegers(text));
  } catch {
    return { type: 'invalid', id: null, code: RPC_ERROR_CODES.parseError, message: RELAY_ERRORS.parseError };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { type: 'invalid', id: null, code: RPC_ERROR_CODES.invalidRequest, message: RELAY_ERRORS.notAnObject };
  }
  const frame = value as Record<string, unknown>;
  const id = readId(frame.id);
  if (id === null) return { type: 'invalid', id: null, code: RPC_ERROR_CODES.invalidRequest, message: RELAY_ERRORS.badId };
  if (!('method' in frame) && ('result' in frame || 'error' in frame)) return { type: 'response', id, result: frame.result, error: frame.error };
  if (typeof frame.method !== 'string') return { type: 'invalid', id, code: RPC_ERROR_CODES.invalidRequest, message: RELAY_ERRORS.badMethod };
  return { type: 'request', id, method: frame.method, params: frame.params };
}

function writeId(id: RpcId | null): string {
  if (id === null) return 'null';
  return id.kind === 'integer' ? id.digits : JSON.stringify(id.value);
}

export function resultFrame(id: RpcId, result: unknown): string {
  return `{"id":${writeId(id)},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`;
}

export function errorFrame(id: RpcId | null, code: number, message: string): string {
  return `{"id":${writeId(id)},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`;
}

export function requestFrame(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params });
}

/** The key a response is matched by (a pushed request's id). */
export function idKey(id: RpcId): string {
  return id.kind === 'integer' ? id.digits : `"${id.value}`;
}
