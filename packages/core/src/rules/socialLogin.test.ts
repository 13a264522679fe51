import { describe, expect, it } from 'vitest';
import { connectLoginOptions, isSocialLoginProvider, SOCIAL_LOGIN_PROVIDERS } from './socialLogin.ts';

describe('social login providers (SPEC §5)', () => {
  it('allows google, github, apple, facebook, x and discord, and nothing else', () => {
    expect([...SOCIAL_LOGIN_PROVIDERS]).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord']);
    for (const provider of SOCIAL_LOGIN_PROVIDERS) expect(isSocialLoginProvider(provider)).toBe(true);
    for (const other of ['farcaster', 'Google', 'twitter', '', undefined, 1, '__proto__']) expect(isSocialLoginProvider(other)).toBe(false);
  });
});

describe('connectLoginOptions', () => {
  it('offers nothing without the secure frame, and only SPEC §5 providers in the site\'s order', () => {
    expect(connectLoginOptions({ hasFrame: false, email: true, socials: ['google', 'farcaster'] })).toEqual({ email: false, socials: [], farcaster: false });
    expect(connectLoginOptions({ hasFrame: true, email: false, socials: ['x', 'farcaster', 'google'] })).toEqual({ email: false, socials: ['x', 'google'], farcaster: true });
    expect(connectLoginOptions({ hasFrame: true, email: true, socials: ['google'] })).toEqual({ email: true, socials: ['google'], farcaster: false });
  });
});
