import { randomBytes } from 'node:crypto';
import type { RawRequestDefaultExpression } from 'fastify';

/** A caller's id is kept when it is this sane (so logs join up across services). */
const GIVEN_ID = /^[\w.:-]{1,64}$/;

/**
 * Request ids: a caller's sane `x-request-id`, else this process's random prefix and a counter
 * (`5f3a09c2-1a`). Unique across replicas as the prefixes are, and cheap: a UUID per request was a
 * measurable part of the cached balance route's cost (issue 25).
 */
export function requestIds(): (request: RawRequestDefaultExpression) => string {
  const prefix = `${randomBytes(4).toString('hex')}-`;
  let counter = 0;
  return (request) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && GIVEN_ID.test(given)) return given;
    counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
    return prefix + counter.toString(36);
  };
}
