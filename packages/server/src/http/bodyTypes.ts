import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ArrivalCheck } from './arrivalChecks.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also takes an HTML form's body (application/x-www-form-urlencoded), e.g. a page's own form post. */
    formBody?: boolean;
  }
}

export const BODY_TYPE_ERRORS = {
  missing: 'The request has a body but no content-type: send JSON with content-type: application/json',
  unsupported: (type: string) => `Unsupported content-type ${type.slice(0, 100)}: send JSON with content-type: application/json`,
} as const;

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Methods whose bodies Fastify does not read. */
const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/** A content-type's media type, lower case, without its parameters (`; charset=...`). */
export function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]!.trim().toLowerCase();
  return type === '' ? undefined : type;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Only JSON bodies, on every route. A form's or a text/plain body (or one with no type) is what a
 * page on any site can make a browser send, with the visitor's cookies, without a CORS preflight:
 * JSON needs the preflight, which only CORS_ORIGINS pass. So a same-site page cannot sign a
 * visitor in as someone else (login CSRF), nor any site make its visitors' browsers ask for login
 * codes. A route whose config sets `formBody` takes a form too (the onramp checkout page posts its
 * own form). Refused before the body is read: 415. Returns the check (see arrivalChecks.ts).
 */
export function refuseNonJsonBodies(app: FastifyInstance): ArrivalCheck {
  // Fastify parses text/plain by default: no route here takes it.
  app.removeContentTypeParser('text/plain');
  // Synchronous: it runs on every request and a GET passes at once.
  return function jsonBodiesOnly(request, reply) {
    if (BODILESS_METHODS.has(request.method) || !hasBody(request) || request.is404) return false;
    const type = mediaType(request.headers['content-type']);
    if (type === JSON_TYPE || (type === FORM_TYPE && request.routeOptions.config.formBody === true)) return false;
    void reply.code(415).send(errorBody(415, type === undefined ? BODY_TYPE_ERRORS.missing : BODY_TYPE_ERRORS.unsupported(type)));
    return true;
  };
}
