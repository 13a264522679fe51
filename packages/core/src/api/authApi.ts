import * as v from 'valibot';
import { fetchWithRetry, type FetchOptions } from '../http.ts';
import { serverUrl, type ApiConfig } from './apiConfig.ts';
import { parseResponse } from './getJson.ts';

const sessionSchema = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(512))),
  address: v.pipe(v.string(), v.maxLength(128)),
  chainId: v.union([v.number(), v.pipe(v.string(), v.maxLength(64))]),
  domain: v.optional(v.string()),
  uri: v.optional(v.string()),
  issuedAt: v.optional(v.string()),
  expirationTime: v.optional(v.nullable(v.string())),
  nonce: v.optional(v.string()),
});
export type ServerSession = v.InferOutput<typeof sessionSchema>;

export interface AuthApi {
  getNonce(): Promise<string>;
  /** `token: true` asks for the session token in the answer (a cross-site client); otherwise the cookie is the session. */
  authenticate(body: { message: string; signature: string; token?: boolean }): Promise<ServerSession>;
  /** The session the token (or the server's cookie) stands for; undefined when there is none. */
  me(token?: string): Promise<ServerSession | undefined>;
  signOut(token?: string): Promise<void>;
}

/**
 * Sign-in calls to the site's Cairn server (`/auth/v1/...`). The session is the server's HttpOnly
 * cookie (sent with every call: same-site, any port); a cross-site page asks for a bearer token.
 */
export function createAuthApi(config: ApiConfig, fetchOptions: FetchOptions = {}): AuthApi {
  const url = (path: string) => serverUrl(config, path);
  const headers = (token?: string): Record<string, string> => ({
    accept: 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const once = { ...fetchOptions, retries: 0 };
  return {
    async getNonce() {
      const response = await fetchWithRetry(url('/auth/v1/nonce'), { headers: headers(), credentials: 'include' }, fetchOptions);
      return parseResponse(v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)) }), await response.json(), '/auth/v1/nonce').nonce;
    },
    async authenticate(body) {
      const response = await fetchWithRetry(
        url('/auth/v1/authenticate'),
        { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'include' },
        once,
      );
      return parseResponse(v.object({ session: sessionSchema }), await response.json(), '/auth/v1/authenticate').session;
    },
    async me(token) {
      try {
        const response = await fetchWithRetry(url('/auth/v1/me'), { headers: headers(token), credentials: 'include' }, once);
        return parseResponse(v.object({ session: sessionSchema }), await response.json(), '/auth/v1/me').session;
      } catch (error) {
        if ((error as { status?: number }).status === 401) return undefined;
        throw error;
      }
    },
    async signOut(token) {
      await fetchWithRetry(url('/auth/v1/signout'), { method: 'POST', headers: headers(token), credentials: 'include' }, once);
    },
  };
}
