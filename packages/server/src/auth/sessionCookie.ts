import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'cairn_session';

/** Secure only over https (a plain-http local stack would otherwise never get the cookie back). */
function isHttps(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number, publicUrl?: string): void {
  const secure = isHttps(request, publicUrl) ? '; Secure' : '';
  void reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; HttpOnly; SameSite=Lax${secure}`);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicUrl?: string): void {
  const secure = isHttps(request, publicUrl) ? '; Secure' : '';
  void reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The session token of a request: `Authorization: Bearer <token>` first, else the cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
    if (bearer && TOKEN.test(bearer)) return bearer;
  }
  const cookie = request.headers.cookie;
  if (typeof cookie !== 'string') return undefined;
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      const token = value.join('=');
      if (TOKEN.test(token)) return token;
    }
  }
  return undefined;
}
