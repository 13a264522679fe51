import type { CairnContext } from '../../context.ts';
import type { SignInRequest } from '../../types.ts';

const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** What the site asks an account to sign in to (SPEC §3 sign-in data), around the backend's nonce. */
export function signInTerms(ctx: CairnContext, nonce: string): SignInRequest {
  const siwx = ctx.options.siwx;
  const issuedAt = new Date(ctx.now());
  const expiresAt = new Date(issuedAt.getTime() + (siwx?.expirationSeconds ?? WEEK_SECONDS) * 1000);
  return {
    domain: siwx?.domain ?? location.host,
    ...(siwx?.statement ? { statement: siwx.statement } : {}),
    uri: siwx?.uri ?? location.origin,
    version: '1',
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expiresAt.toISOString(),
  };
}

/** A nonce the backend gave, checked: a nonce of another shape is the backend's fault, not the visitor's. */
export async function signInNonce(ctx: CairnContext, input: { address?: string; chainId?: number | string }): Promise<string> {
  const nonce = await ctx.siwxBackend!.getNonce(input);
  if (typeof nonce !== 'string' || !/^[a-zA-Z0-9]{8,}$/.test(nonce)) throw new Error('The sign-in backend gave an invalid nonce');
  return nonce;
}
