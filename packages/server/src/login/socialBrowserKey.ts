import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValues, isHttps } from '../auth/sessionCookie.ts';
import { SOCIAL_FLOW_TTL_MS } from './socialFlowStore.ts';

/**
 * The browser key cookie ties a social login to the browser that started it, where the frame and
 * the server are same-site (a cross-site frame's browser would not keep it). HttpOnly, so the frame's
 * script never holds it; SameSite=Strict, so no other site's request carries it; `__Host-` over https.
 */
export const SOCIAL_BROWSER_COOKIE = 'cairn_social_browser';
const SECURE_SOCIAL_BROWSER_COOKIE = `__Host-${SOCIAL_BROWSER_COOKIE}`;
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** A new browser key: the cookie's value (256 random bits). */
export const newBrowserKey = () => randomBytes(32).toString('base64url');

const cookieName = (request: FastifyRequest, publicUrl: string | undefined) => (isHttps(request, publicUrl) ? SECURE_SOCIAL_BROWSER_COOKIE : SOCIAL_BROWSER_COOKIE);

/** Fetch metadata: the start came from the server's own site (a browser's fetch; absent for other clients). */
export function isSameSiteRequest(headers: Record<string, string | string[] | undefined>): boolean {
  const site = headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'same-site';
}

/** The request's browser key; none when absent, malformed, or sent twice (one of two was planted). */
export function browserKeyOf(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  const values = cookieValues(request.headers.cookie, cookieName(request, publicUrl));
  return values.length === 1 && KEY.test(values[0]!) ? values[0] : undefined;
}

export function setBrowserKeyCookie(request: FastifyRequest, reply: FastifyReply, key: string, publicUrl: string | undefined): void {
  void reply.setCookie(cookieName(request, publicUrl), key, {
    path: '/',
    maxAge: SOCIAL_FLOW_TTL_MS / 1000,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request, publicUrl),
  });
}
