import type { ArrivalCheck } from './arrivalChecks.ts';
import { errorBody } from './errors.ts';

/** Which origins CORS_ORIGINS lets read answers ('*' = any), and which may also send credentials (only listed ones). */
export function originPolicy(origins: readonly string[]) {
  const any = origins.includes('*');
  const listed = new Set(origins);
  return {
    any,
    isAllowed: (origin: string | undefined): origin is string => origin !== undefined && (any || listed.has(origin)),
    mayUseCredentials: (origin: string | undefined) => origin !== undefined && listed.has(origin),
  };
}

/** What a listed or allowed origin's page may read of an answer. x-ratelimit-*: All Wallets paces its pages by the budget they report (issue 29). */
const EXPOSED_HEADERS = 'etag, x-request-id, retry-after, x-ratelimit-remaining, x-ratelimit-reset';
// DELETE: the frame's devices screen removes a device (session 21; before it no browser called a DELETE route).
const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * CORS for the configured origins ('*' = any), a check every request meets on arrival: an allowed origin gets its
 * own origin echoed, or '*' (only a listed origin, never '*', may send credentials: the sign-in
 * cookie and an Authorization header); any other gets no CORS headers, so the browser blocks the
 * read. Every answer varies by Origin. A preflight (OPTIONS) is answered here, 204, with the
 * methods, the headers it asks for and a 10-minute max age; one from an origin that is not
 * allowed is refused with 403 and a message that says where the setting is. (@fastify/cors did
 * this before: it copied its whole options object on every request, a cost on the fast path.)
 */
export function corsCheck(origins: readonly string[]): ArrivalCheck {
  const { isAllowed, mayUseCredentials } = originPolicy(origins);
  const headersFor = corsHeaders(origins);
  return function cors(request, reply) {
    const origin = request.headers.origin;
    if (request.method !== 'OPTIONS') {
      const headers = headersFor(origin);
      for (let i = 0; i < headers.length; i += 2) void reply.header(headers[i]!, headers[i + 1]);
      return false;
    }
    if (!isAllowed(origin)) {
      void reply.header('vary', 'Origin').code(403).send(errorBody(403, `Origin ${origin ?? '(none)'} is not allowed (see CORS_ORIGINS in the server configuration)`));
      return true;
    }
    const credentials = mayUseCredentials(origin);
    void reply.header('access-control-allow-origin', credentials ? origin : '*').header('access-control-expose-headers', EXPOSED_HEADERS);
    if (credentials) void reply.header('access-control-allow-credentials', 'true');
    const asked = request.headers['access-control-request-headers'];
    void reply.header('vary', 'Origin, Access-Control-Request-Headers').header('access-control-allow-methods', ALLOWED_METHODS).header('access-control-max-age', PREFLIGHT_MAX_AGE);
    if (asked !== undefined) void reply.header('access-control-allow-headers', asked);
    void reply.code(204).send();
    return true;
  };
}

/**
 * The CORS headers of an answer to anything but a preflight, by the request's Origin, as a flat
 * list (name, value, name, value...): built once per listed origin and once for all others, not
 * per request (the fast lane writes them as they are).
 */
export function corsHeaders(origins: readonly string[]): (origin: string | undefined) => readonly string[] {
  const { any } = originPolicy(origins);
  const refused = ['vary', 'Origin'];
  const toAny = ['access-control-allow-origin', '*', 'access-control-expose-headers', EXPOSED_HEADERS, 'vary', 'Origin'];
  const listed = new Map(
    origins.map((origin) => [origin, ['access-control-allow-origin', origin, 'access-control-expose-headers', EXPOSED_HEADERS, 'access-control-allow-credentials', 'true', 'vary', 'Origin']]),
  );
  return (origin) => (origin === undefined ? refused : (listed.get(origin) ?? (any ? toAny : refused)));
}
