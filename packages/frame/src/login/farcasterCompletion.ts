import { toBase64url } from '../custody/encoding.ts';

/**
 * The secret that completes a Farcaster login (session 17). The channel's token travels in the
 * link the site's page shows as a QR code, so the server completes the login only for the secret
 * whose SHA-256 the frame gave when it opened the channel; the secret stays in this frame.
 */
export interface FarcasterCompletion {
  /** 32 random bytes, base64url: shown to the server only at completion. */
  secret: string;
  /** SHA-256 of the secret's text, base64url: sent when the channel opens. */
  hash: string;
}

export async function newFarcasterCompletion(): Promise<FarcasterCompletion> {
  const secret = toBase64url(crypto.getRandomValues(new Uint8Array(32)));
  const hash = toBase64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))));
  return { secret, hash };
}
