import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, preValidationHookHandler } from 'fastify';
import { ApiError, ERROR_TEXTS } from './errors.ts';

const SDK_PARAM = /^[\w.@/+-]{1,64}$/;

/**
 * SPEC §7: every data-API and catalogue request carries projectId, st (SDK type) and sv (SDK
 * version). projectId is in the query, or in a POST body: POST /v1/fungible/price sends it there,
 * and clients of that shape (AppKit's among them) send no st / sv with it, so a POST need not.
 * Runs before schema validation, so an unknown project learns nothing about the routes' inputs.
 * `then` (the per-project limit) runs in the same hook once the project is known: one hook, not
 * two, on every data-API request (issue 25).
 */
export function requireProjectAccess(projectIds: readonly string[], then?: preValidationHookHandler) {
  const accepted = new Set(projectIds);
  // A callback hook, not an async one: every data-API request passes here, without a promise.
  return function checkProjectAccess(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    try {
      refuseWithoutAccess(request, accepted);
    } catch (error) {
      return done(error as FastifyError);
    }
    if (then) return void then.call(this, request, reply, done);
    done();
  };
}

function refuseWithoutAccess(request: FastifyRequest, accepted: ReadonlySet<string>): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  const fromQuery = query.projectId;
  const projectId = fromQuery !== undefined ? fromQuery : body && typeof body === 'object' ? body.projectId : undefined;
  if (projectId === undefined || projectId === '') throw new ApiError(401, ERROR_TEXTS.missingProjectId, 'projectId');
  if (typeof projectId !== 'string' || !accepted.has(projectId)) {
    throw new ApiError(401, ERROR_TEXTS.unknownProjectId(String(projectId).slice(0, 128)), 'projectId');
  }
  for (const name of ['st', 'sv'] as const) {
    const value = query[name];
    if (value === undefined || value === '') {
      if (request.method === 'POST' || request.ws) continue;
      throw new ApiError(400, ERROR_TEXTS.missingSdkParam(name), name);
    }
    if (typeof value !== 'string' || !SDK_PARAM.test(value)) {
      throw new ApiError(400, `Invalid query parameter "${name}": must be 1 to 64 letters, digits or . _ - @ / +`, name);
    }
  }
}
