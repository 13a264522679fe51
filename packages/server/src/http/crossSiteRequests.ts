import type { FastifyReply, FastifyRequest } from 'fastify';
import { originPolicy } from './cors.ts';
import { errorBody } from './errors.ts';

export const CROSS_SITE_ERROR = (origin: string) =>
  `A request from ${origin.slice(0, 200)} may not sign in or out here: its origin is not allowed (see CORS_ORIGINS in the server configuration)`;

/** Sec-Fetch-Site values a browser sends for a request another site (or a sibling subdomain) made. */
const OTHER_SITE = new Set(['cross-site', 'same-site']);

/**
 * An onRequest hook for the routes that set or clear the session cookie (sign-in, sign-out): a
 * browser request made by a page whose origin CORS_ORIGINS does not allow is refused (403), before
 * its body is read. Its Origin says where it comes from; a request without one that the browser
 * marks as made by another site (Sec-Fetch-Site) is refused too. The server's own origin may.
 * Requests from outside a browser carry neither header and pass: they hold no visitor's cookie.
 * Behind the JSON-only bodies (bodyTypes.ts) this is the second lock against login CSRF: it also
 * holds where a proxy or an old browser would let a cross-site request through.
 */
export function refuseCrossSite(origins: readonly string[]) {
  const policy = originPolicy(origins);
  return async function refuseCrossSiteRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (origin === undefined) {
      if (typeof site === 'string' && OTHER_SITE.has(site)) return reply.code(403).send(errorBody(403, CROSS_SITE_ERROR(`a page of another site (Sec-Fetch-Site: ${site})`)));
      return;
    }
    // "null": a sandboxed frame, a file, a redirect across origins; never a site that may sign in.
    if (origin !== 'null' && (policy.isAllowed(origin) || origin === `${request.protocol}://${request.host}`)) return;
    return reply.code(403).send(errorBody(403, CROSS_SITE_ERROR(origin)));
  };
}
