/** SPEC §5: the social providers a login may use (Farcaster, in SPEC §9's button order, is not a login here). */
export const SOCIAL_LOGIN_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialLoginProvider = (typeof SOCIAL_LOGIN_PROVIDERS)[number];

export function isSocialLoginProvider(value: unknown): value is SocialLoginProvider {
  return typeof value === 'string' && (SOCIAL_LOGIN_PROVIDERS as readonly string[]).includes(value);
}

/**
 * What Connect offers to log in without a wallet (SPEC §9 `email` and `socials` switches): nothing
 * without the secure frame; the social buttons in the site's order, only those SPEC §5 allows; and
 * Farcaster (in SPEC §9's socials, its own flow: SPEC §2's ConnectingFarcaster) when the site lists it.
 */
export function connectLoginOptions(params: { hasFrame: boolean; email: boolean; socials: readonly string[] }): { email: boolean; socials: SocialLoginProvider[]; farcaster: boolean } {
  if (!params.hasFrame) return { email: false, socials: [], farcaster: false };
  return { email: params.email, socials: params.socials.filter(isSocialLoginProvider), farcaster: params.socials.includes('farcaster') };
}
