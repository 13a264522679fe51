import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { LOGIN_ERRORS } from './loginErrors.ts';
import type { LoginStore, LoginUser } from './loginStore.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

/** The bearer token of a request, when it carries one of the right shape. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/** The live login a request carries as a bearer token; 401 otherwise. */
export async function requireLogin(logins: LoginStore, request: FastifyRequest, now = Date.now()): Promise<{ token: string; user: LoginUser }> {
  const token = bearerToken(request);
  if (!token) throw new ApiError(401, LOGIN_ERRORS.noLogin);
  const user = await logins.findLogin(token, now);
  if (!user) throw new ApiError(401, LOGIN_ERRORS.loginEnded);
  return { token, user };
}
