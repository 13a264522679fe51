import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { htmlText } from './htmlText.ts';

export interface LocalOidcProvider {
  /** The issuer (its discovery document is at /.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface LocalOidcOptions {
  port?: number;
  /** Where the provider may send the visitor back: the Cairn server's social callback. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}

const ACCOUNT = /^[a-z0-9][a-z0-9._-]{0,39}$/;

async function formField(request: IncomingMessage, name: string): Promise<string | undefined> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 4096) return undefined;
  }
  return new URLSearchParams(body).get(name) ?? undefined;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1, standing in for a social login
 * provider in the local stack and the tests. Its sign-in page takes any account name; the account
 * `ann` gets subject `ann` and the verified e-mail ann@oidc.localhost.
 */
export async function startLocalOidcProvider(options: LocalOidcOptions): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'cairn-local';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  let server: Server | undefined;
  const listening = new Promise<number>((resolve, reject) => {
    server = createServer();
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
  });
  const port = await listening;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    pkce: { required: () => true },
    // As Google does: the e-mail claims ride in the ID token too.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@oidc.localhost`, email_verified: true, name: sub }),
    }),
  });
  // The provider's console warnings (development keys, http issuer) are expected here.
  provider.on('server_error', () => {});
  const handleOidc = provider.callback();
  const redirectOrigins = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))].join(' ');

  server!.on('request', (request, response) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(request.url ?? '');
    if (!match) return void handleOidc(request, response);
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        if (request.method === 'POST' && match[2]) {
          const account = (await formField(request, 'account'))?.trim().toLowerCase();
          if (!account || !ACCOUNT.test(account)) {
            response.writeHead(400, { 'content-type': 'text/plain' }).end('An account name is letters, digits, dots, dashes or underscores.');
            return;
          }
          const grant = new provider.Grant({ accountId: account, clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope ?? 'openid'));
          const grantId = await grant.save();
          await provider.interactionFinished(request, response, { login: { accountId: account }, consent: { grantId } }, { mergeWithLastSubmission: false });
          return;
        }
        response
          // form-action covers the redirects after the post too: the provider's own, then the site's callback.
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectOrigins}` })
          .end(
            `<!doctype html><meta charset="utf-8"><title>Local sign-in</title><style>body{font:16px system-ui;margin:3rem auto;max-width:24rem}input,button{font:inherit;padding:.5rem;width:100%;margin:.25rem 0}</style>` +
              `<h1>Local sign-in</h1><p>${htmlText(String(details.params.client_id))} asks who you are (a stand-in for a social provider).</p>` +
              `<form method="post" action="/interaction/${htmlText(details.uid)}/login"><label>Account <input name="account" autocomplete="username" required></label><button type="submit">Sign in</button></form>`,
          );
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('This sign-in has expired: start again from the site.');
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server!.close(() => resolve())),
  };
}

/**
 * Goes through the local provider's sign-in as a browser would (redirects, cookies, the form) from
 * the authorization URL until the provider sends the visitor to `callbackPrefix`; returns that URL.
 */
export async function signInAtLocalProvider(authorizeUrl: string, account: string, callbackPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackPrefix)) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`The local provider answered ${response.status} without a redirect or a sign-in form: ${page.slice(0, 200)}`);
    url = new URL(action.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))), url).href;
    method = 'POST';
    body = new URLSearchParams({ account }).toString();
  }
  throw new Error('The local provider redirected too many times');
}
