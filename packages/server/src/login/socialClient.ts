import * as oauth from 'oauth4webapi';
import type { SocialProviderConfig } from './socialProviders.ts';
import { userinfoSubject } from './socialProviders.ts';

/** A provider's call may take this long before the login fails (a stuck provider holds nothing). */
const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_USERINFO_BYTES = 64 * 1024;

export interface SocialIdentity {
  subject: string;
  /** Only an address the provider says it verified; never used to link accounts. */
  verifiedEmail: string | null;
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Plain http is allowed only to a provider on this machine (the local stack's stand-in). */
const isLoopback = (url: string) => /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/i.test(url);

/** The code flow with PKCE (S256), state and nonce against one provider (oauth4webapi). */
export class SocialClient {
  private server?: Promise<oauth.AuthorizationServer>;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;

  constructor(
    readonly provider: SocialProviderConfig,
    private readonly callbackUrl: string,
  ) {
    this.client = { client_id: provider.clientId };
    this.auth = oauth.ClientSecretPost(provider.clientSecret);
  }

  private options(url: string) {
    return { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), ...(isLoopback(url) ? { [oauth.allowInsecureRequests]: true } : {}) };
  }

  /** OIDC discovery once (again after a failure); OAuth 2 providers are described by configuration. */
  private authorizationServer(): Promise<oauth.AuthorizationServer> {
    const { provider } = this;
    if (provider.kind === 'oauth2') {
      return Promise.resolve({
        issuer: new URL(provider.authorizationUrl).origin,
        authorization_endpoint: provider.authorizationUrl,
        token_endpoint: provider.tokenUrl,
      });
    }
    this.server ??= (async () => {
      const issuer = new URL(provider.issuer);
      return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, this.options(provider.issuer)));
    })().catch((error: unknown) => {
      this.server = undefined;
      throw error;
    });
    return this.server;
  }

  async authorizeUrl(secrets: FlowSecrets): Promise<string> {
    const server = await this.authorizationServer();
    const url = new URL(server.authorization_endpoint!);
    url.searchParams.set('client_id', this.provider.clientId);
    url.searchParams.set('redirect_uri', this.callbackUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', this.provider.scopes.join(' '));
    url.searchParams.set('state', secrets.state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(secrets.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (this.provider.kind === 'oidc') url.searchParams.set('nonce', secrets.nonce);
    return url.href;
  }

  /** Exchanges the code (the server, never the browser, holds the secret and the verifier) and names the user. */
  async identify(callback: URLSearchParams, secrets: FlowSecrets): Promise<SocialIdentity> {
    const server = await this.authorizationServer();
    const params = oauth.validateAuthResponse(server, this.client, callback, secrets.state);
    const response = await oauth.authorizationCodeGrantRequest(server, this.client, this.auth, params, this.callbackUrl, secrets.codeVerifier, this.options(server.token_endpoint!));
    if (this.provider.kind === 'oidc') {
      const result = await oauth.processAuthorizationCodeResponse(server, this.client, response, { expectedNonce: secrets.nonce, requireIdToken: true });
      const claims = oauth.getValidatedIdTokenClaims(result)!;
      const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null;
      return { subject: claims.sub, verifiedEmail: email };
    }
    const result = await oauth.processAuthorizationCodeResponse(server, this.client, response, { requireIdToken: false });
    const userinfo = await fetch(this.provider.userinfoUrl, {
      headers: { authorization: `Bearer ${result.access_token}`, accept: 'application/json', 'user-agent': 'cairn-server' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const text = await userinfo.text();
    if (!userinfo.ok || text.length > MAX_USERINFO_BYTES) throw new Error(`user info answered ${userinfo.status}`);
    const subject = userinfoSubject(JSON.parse(text));
    if (!subject) throw new Error('user info named no user');
    return { subject, verifiedEmail: null };
  }
}
