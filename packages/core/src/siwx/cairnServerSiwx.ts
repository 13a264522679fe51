import type { ApiConfig } from '../api/apiConfig.ts';
import { createAuthApi } from '../api/authApi.ts';
import { clearSessionToken, readSessionToken, writeSessionToken } from './sessionToken.ts';
import type { SiwxBackend } from './siwxBackend.ts';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Sign-in against Cairn's server (`/auth/v1/...`). The session is the server's HttpOnly cookie;
 * with `crossSite` the server's token is kept in this tab's sessionStorage and sent as a bearer.
 */
export function createCairnServerSiwx(api: ApiConfig, options: { crossSite?: boolean } = {}): SiwxBackend {
  const auth = createAuthApi(api);
  const token = () => (options.crossSite ? readSessionToken() : undefined);
  return {
    getNonce: () => auth.getNonce(),
    async verify({ message, signature }) {
      const session = await auth.authenticate({ message, signature, ...(options.crossSite ? { token: true } : {}) });
      if (options.crossSite && session.token) writeSessionToken(session.token);
      return true;
    },
    async getSession({ address }) {
      const session = await auth.me(token());
      if (session && sameAddress(session.address, address)) {
        return { address: session.address, chainId: session.chainId, ...(session.expirationTime ? { expirationTime: session.expirationTime } : {}) };
      }
      // The server no longer knows it: a kept token is worth nothing.
      clearSessionToken();
      return undefined;
    },
    async signOut() {
      const current = readSessionToken();
      clearSessionToken();
      await auth.signOut(current);
    },
  };
}
