/** Retry-After (seconds) of a 503 while the database cannot be reached: a restart or fail-over takes seconds. */
export const DATABASE_RETRY_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception) and 57P01-57P03: the server shutting down, crashed, or not accepting yet.
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;
// node-postgres's own texts for a connection it lost or could not open in time ('timeout expired':
// a client's connectionTimeoutMillis, see DATABASE_CONNECT_TIMEOUT_MS).
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|timeout expired$)/;

/**
 * Whether a query failed because the database could not be reached (down, restarting, the
 * network), rather than because of the query: the request is then answered 503 with
 * Retry-After, and a later try can succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (LOST_CONNECTION.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
