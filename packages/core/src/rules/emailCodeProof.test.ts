import { sha256 } from '@noble/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solveEmailCodeChallenge, solvesEmailCodeChallenge } from './emailCodeProof.ts';

describe("the proof of work an e-mail code is paid with", () => {
  it('counts the leading zero bits of a digest', () => {
    expect(leadingZeroBits(Uint8Array.of(0x80, 0))).toBe(0);
    expect(leadingZeroBits(Uint8Array.of(0x01, 0xff))).toBe(7);
    expect(leadingZeroBits(Uint8Array.of(0, 0, 0x10))).toBe(19);
    expect(leadingZeroBits(new Uint8Array(4))).toBe(32);
  });

  it('finds a nonce whose SHA-256 with the challenge has the asked zero bits, and the check agrees', async () => {
    const challenge = '12.1700000000000.abc.def';
    const proof = await solveEmailCodeChallenge(challenge, 12);
    expect(proof.challenge).toBe(challenge);
    expect(leadingZeroBits(sha256(new TextEncoder().encode(`${challenge}:${proof.nonce}`)))).toBeGreaterThanOrEqual(12);
    expect(solvesEmailCodeChallenge(proof, 12)).toBe(true);
    // The same nonce on another challenge is (almost surely) no proof at all.
    expect(solvesEmailCodeChallenge({ challenge: `${challenge}x`, nonce: proof.nonce }, 12)).toBe(false);
  });

  it('refuses a nonce that is not a short base-36 counter', () => {
    expect(solvesEmailCodeChallenge({ challenge: 'c', nonce: '' }, 0)).toBe(false);
    expect(solvesEmailCodeChallenge({ challenge: 'c', nonce: 'A' }, 0)).toBe(false);
    expect(solvesEmailCodeChallenge({ challenge: 'c', nonce: 'z'.repeat(17) }, 0)).toBe(false);
    expect(solvesEmailCodeChallenge({ challenge: 'c', nonce: 'z' }, 0)).toBe(true);
  });
});
