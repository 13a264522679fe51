import { randomBytes } from 'node:crypto';
import { DEVNET_FRAME_ORIGINS } from '../devnetDefaults.ts';
import { SOCIAL_LOGIN_PROVIDERS, SOCIAL_PRESETS, type SocialProviderConfig } from '../login/socialProviders.ts';
import { ConfigError } from './configError.ts';
import { farcasterConfig, type FarcasterConfig } from './farcaster.ts';
import { httpUrl, integer, list, origin, type Env } from './readers.ts';

export interface LoginConfig {
  /** Keys the hashes of one-time codes and login tokens (LOGIN_SECRET); the same on every server copy. */
  secret: Uint8Array;
  /** Where codes are mailed from (SMTP_URL); none: e-mail login is off. */
  smtpUrl?: string;
  mailFrom: string;
  /** The site's name in the e-mails. */
  siteName: string;
  /** How long a login lasts. */
  sessionTtlSeconds: number;
  /** Codes an address gets per hour at the base proof-of-work price; past them each costs more (issue 22: no hard cap, so no lockout). */
  codesPerAddressPerHour: number;
  /** Code requests per client IP per minute. */
  codesPerIp: number;
  /** Code requests per minute, all clients together: bounds the mail this server sends. */
  codesTotal: number;
  /** Social providers with a client id (SOCIAL_<ID>_CLIENT_ID); the others are off. */
  social: SocialProviderConfig[];
  /** Where providers send the visitor back (registered with each provider). */
  socialCallbackUrl: string;
  /** Social logins started per client IP per minute, and in all. */
  socialStartsPerIp: number;
  socialStartsTotal: number;
  /**
   * The origins the secure frame is served on (FRAME_ORIGINS): only these may start a social login,
   * and the callback page hands the provider's code to the one that started it, nowhere else.
   */
  frameOrigins: string[];
  /** Sign In With Farcaster through this server's relay (issue 27); absent: off. */
  farcaster?: FarcasterConfig;
}

function socialProviders(env: Env): SocialProviderConfig[] {
  return SOCIAL_LOGIN_PROVIDERS.flatMap((id): SocialProviderConfig[] => {
    const prefix = `SOCIAL_${id.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`]?.trim();
    if (!clientId) return [];
    const clientSecret = env[`${prefix}CLIENT_SECRET`]?.trim();
    if (!clientSecret) throw new ConfigError(`${prefix}CLIENT_SECRET`, `must be set with ${prefix}CLIENT_ID`);
    const preset = SOCIAL_PRESETS[id];
    const scopes = list(env, `${prefix}SCOPES`) ?? preset.scopes;
    if (preset.kind === 'oidc') return [{ ...preset, id, clientId, clientSecret, scopes, issuer: httpUrl(env, `${prefix}ISSUER`) ?? preset.issuer }];
    return [
      {
        ...preset,
        id,
        clientId,
        clientSecret,
        scopes,
        authorizationUrl: httpUrl(env, `${prefix}AUTHORIZATION_URL`) ?? preset.authorizationUrl,
        tokenUrl: httpUrl(env, `${prefix}TOKEN_URL`) ?? preset.tokenUrl,
        userinfoUrl: httpUrl(env, `${prefix}USERINFO_URL`) ?? preset.userinfoUrl,
      },
    ];
  });
}

/** Log-in without a wallet: e-mail codes and social providers. ownUrl: where providers send the visitor back by default. */
export function loginConfig(env: Env, devnetOnly: boolean, ownUrl: string): LoginConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL');
  const rawSecret = env.LOGIN_SECRET?.trim();
  // The value is a secret: errors never repeat it.
  if (rawSecret !== undefined && rawSecret !== '' && rawSecret.length < 32) throw new ConfigError('LOGIN_SECRET', 'must be at least 32 characters (e.g. `openssl rand -base64 32`)');
  const social = socialProviders(env);
  if (!rawSecret && (smtpUrl !== undefined || social.length > 0) && !devnetOnly) {
    throw new ConfigError('LOGIN_SECRET', 'must be set when SMTP_URL or a social provider is (at least 32 characters, the same on every server copy)');
  }
  const frameOrigins = (list(env, 'FRAME_ORIGINS') ?? (devnetOnly ? DEVNET_FRAME_ORIGINS : [])).map((value) => origin(value, 'FRAME_ORIGINS'));
  if (frameOrigins.includes('*')) throw new ConfigError('FRAME_ORIGINS', 'must list exact origins (not *): the code of a social login goes only there');
  if (social.length > 0 && frameOrigins.length === 0) {
    throw new ConfigError('FRAME_ORIGINS', 'must be set when a social provider is: the origin the secure frame is served on, like https://wallet.shop.example');
  }
  const farcaster = farcasterConfig(env, devnetOnly);
  return {
    // The devnet stack gets a secret per process: codes and logins end with it, as a devnet does.
    secret: rawSecret ? new TextEncoder().encode(rawSecret) : new Uint8Array(randomBytes(32)),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Cairn <login@localhost>',
    siteName: env.LOGIN_SITE_NAME?.trim() || 'Cairn',
    sessionTtlSeconds: integer(env, 'LOGIN_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    codesPerAddressPerHour: integer(env, 'EMAIL_CODES_PER_ADDRESS_PER_HOUR', 5, 1, 1000),
    codesPerIp: integer(env, 'EMAIL_CODE_RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
    codesTotal: integer(env, 'EMAIL_CODE_RATE_LIMIT_TOTAL_PER_MINUTE', 600, 1, 10_000_000),
    social,
    socialCallbackUrl: httpUrl(env, 'SOCIAL_CALLBACK_URL') ?? `${ownUrl}/auth/v1/social/callback`,
    socialStartsPerIp: integer(env, 'SOCIAL_RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    socialStartsTotal: integer(env, 'SOCIAL_RATE_LIMIT_TOTAL_PER_MINUTE', 1200, 1, 10_000_000),
    frameOrigins,
    ...(farcaster ? { farcaster } : {}),
  };
}
