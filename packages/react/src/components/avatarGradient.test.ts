import { describe, expect, it } from 'vitest';
import { avatarGradient } from './avatarGradient.ts';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('avatarGradient', () => {
  it('draws the same gradient for the same address, whatever its letter case', () => {
    expect(avatarGradient(ALICE)).toBe(avatarGradient(ALICE));
    expect(avatarGradient(ALICE.toLowerCase())).toBe(avatarGradient(ALICE));
  });

  it('draws different gradients for different addresses', () => {
    expect(avatarGradient(ALICE)).not.toBe(avatarGradient(BOB));
  });

  it('produces a CSS linear-gradient of two in-range hsl colours', () => {
    const match = /^linear-gradient\((\d+)deg, hsl\((\d+) 85% 62%\), hsl\((\d+) 75% 45%\)\)$/.exec(avatarGradient(BOB));
    expect(match).not.toBeNull();
    for (const value of match!.slice(1).map(Number)) expect(value).toBeLessThan(360);
  });
});
