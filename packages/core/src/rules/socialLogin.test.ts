import { describe, expect, it } from 'vitest';
import { isSocialLoginProvider, SOCIAL_LOGIN_PROVIDERS } from './socialLogin.ts';

describe('social login providers (SPEC §5)', () => {
  it('allows google, github, apple, facebook, x and discord, and nothing else', () => {
    expect([...SOCIAL_LOGIN_PROVIDERS]).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord']);
    for (const provider of SOCIAL_LOGIN_PROVIDERS) expect(isSocialLoginProvider(provider)).toBe(true);
    for (const other of ['farcaster', 'Google', 'twitter', '', undefined, 1, '__proto__']) expect(isSocialLoginProvider(other)).toBe(false);
  });
});
