/** SPEC §5: the social providers a login may use (Farcaster, in SPEC §9's button order, is not a login here). */
export const SOCIAL_LOGIN_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialLoginProvider = (typeof SOCIAL_LOGIN_PROVIDERS)[number];

export function isSocialLoginProvider(value: unknown): value is SocialLoginProvider {
  return typeof value === 'string' && (SOCIAL_LOGIN_PROVIDERS as readonly string[]).includes(value);
}
