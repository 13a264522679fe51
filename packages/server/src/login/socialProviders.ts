import { SOCIAL_LOGIN_PROVIDERS, type SocialLoginProvider } from '@cairn/core/internal';

/**
 * One social provider as this server uses it. `oidc`: discovery from the issuer and a validated
 * ID token (its nonce included). `oauth2` (GitHub, X, and Facebook and Discord as configured
 * here): no ID token, the subject comes from the user-info endpoint.
 */
export type SocialProviderConfig = {
  id: SocialLoginProvider;
  clientId: string;
  clientSecret: string;
  scopes: string[];
} & (
  | { kind: 'oidc'; issuer: string }
  | { kind: 'oauth2'; authorizationUrl: string; tokenUrl: string; userinfoUrl: string }
);

// Distributes over the two kinds, so a preset keeps its kind's own fields.
type PresetOf<T> = T extends unknown ? Omit<T, 'clientId' | 'clientSecret' | 'id'> : never;
type Preset = PresetOf<SocialProviderConfig>;

/** Where each provider lives; any URL can be set by environment (SOCIAL_<ID>_ISSUER, _AUTHORIZATION_URL, ...). */
export const SOCIAL_PRESETS: Record<SocialLoginProvider, Preset> = {
  google: { kind: 'oidc', issuer: 'https://accounts.google.com', scopes: ['openid', 'email'] },
  apple: { kind: 'oidc', issuer: 'https://appleid.apple.com', scopes: ['openid', 'email'] },
  github: {
    kind: 'oauth2',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user'],
  },
  x: {
    kind: 'oauth2',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
  },
  facebook: {
    kind: 'oauth2',
    authorizationUrl: 'https://www.facebook.com/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id',
    scopes: ['public_profile'],
  },
  discord: {
    kind: 'oauth2',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify'],
  },
};

/**
 * The provider's stable user id in a user-info answer: OpenID's `sub`, GitHub's, Discord's and
 * Facebook's `id`, X's `data.id`. Numbers are kept as their decimal text.
 */
export function userinfoSubject(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const data = typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : undefined;
  for (const value of [record.sub, record.id, data?.id]) {
    if (typeof value === 'string' && value !== '' && value.length <= 255) return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  }
  return undefined;
}

export { SOCIAL_LOGIN_PROVIDERS };
