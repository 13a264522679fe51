import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';

/** The session cookie over plain http (the local stack). */
export const SESSION_COOKIE = 'cairn_session';
/**
 * Over https the cookie carries the `__Host-` prefix: the browser keeps it only when Secure, for
 * Path=/ and without a Domain, so a sibling subdomain cannot plant one for this host.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * Whether the visitor reached the server over https: the socket's own TLS, X-Forwarded-Proto from a
 * proxy TRUST_PROXY believes (request.protocol follows both), or a PUBLIC_URL on https.
 */
export function isHttps(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

export function sessionCookieName(request: FastifyRequest, publicUrl?: string): string {
  return isHttps(request, publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number, publicUrl?: string): void {
  void reply.setCookie(sessionCookieName(request, publicUrl), token, {
    path: '/',
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, publicUrl),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicUrl?: string): void {
  void reply.clearCookie(sessionCookieName(request, publicUrl), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request, publicUrl) });
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The values of one cookie name in the raw Cookie header. (@fastify/cookie's parser keeps the first
 * of two same-named cookies, which is how cookie tossing works, so the header is read here.)
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (typeof header !== 'string') return [];
  return header.split(';').flatMap((part) => {
    const [key, ...value] = part.trim().split('=');
    return key === name ? [value.join('=')] : [];
  });
}

/**
 * The session token of a request: `Authorization: Bearer <token>` first, else the session cookie
 * (the `__Host-` one over https). A request carrying two session cookies is refused (400): one of
 * them was planted by another host, and neither can be trusted to be the visitor's.
 */
export function sessionToken(request: FastifyRequest, publicUrl?: string): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
    if (bearer && TOKEN.test(bearer)) return bearer;
  }
  const values = cookieValues(request.headers.cookie, sessionCookieName(request, publicUrl));
  if (values.length > 1) throw new ApiError(400, AUTH_ERRORS.twoSessionCookies, 'cookie');
  const token = values[0];
  return token !== undefined && TOKEN.test(token) ? token : undefined;
}
