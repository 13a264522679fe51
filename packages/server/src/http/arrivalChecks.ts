import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a request meets as it arrives (its id on the answer, its body's type, the per-IP limit,
 * CORS): a check answers the request itself (true: the reply is sent) or lets it on (false); one
 * that waits on shared state (Redis) gives a promise of that.
 */
export type ArrivalCheck = (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;

/**
 * The checks in one onRequest hook, in order, until one answers. One hook rather than one each:
 * Fastify's work per hook (its runner and a callback per step, on every request) was a part of the
 * cached balance route's cost (issue 25). Synchronous checks run without a promise or a closure.
 */
export function addArrivalChecks(app: FastifyInstance, checks: readonly ArrivalCheck[]): void {
  app.addHook('onRequest', function arrivalChecks(request, reply, done) {
    runChecks(checks, 0, request, reply, done);
  });
}

function runChecks(checks: readonly ArrivalCheck[], from: number, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
  for (let i = from; i < checks.length; i++) {
    let answered: boolean | Promise<boolean>;
    try {
      answered = checks[i]!(request, reply);
    } catch (error) {
      return done(error as Error);
    }
    if (answered === true) return;
    if (answered !== false) {
      answered.then((sent) => (sent ? undefined : runChecks(checks, i + 1, request, reply, done)), done);
      return;
    }
  }
  done();
}
