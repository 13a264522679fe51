import type { FastifyRequest } from 'fastify';
import { sessionToken } from '../auth/sessionCookie.ts';
import type { SessionStore } from '../auth/sessionStore.ts';
import { verifierForNetwork } from '../auth/signInVerifiers.ts';

/**
 * Whether the request carries a live sign-in session (SPEC §4, this server's SIWX: the session
 * cookie or its bearer token) of `account`: the caller proved, by a signature, that it holds the
 * address. A session of another address, an ended one or none: false.
 */
export async function signedInAs(request: FastifyRequest, sessions: SessionStore, publicUrl: string | undefined, account: string): Promise<boolean> {
  const token = sessionToken(request, publicUrl);
  if (!token) return false;
  const session = await sessions.findByToken(token, Date.now());
  const verifier = session && verifierForNetwork(session.caipNetworkId);
  if (!session || !verifier) return false;
  try {
    return verifier.addressKey(account) === verifier.addressKey(session.address);
  } catch {
    return false; // not an address of the session's namespace
  }
}
