import { solveEmailCodeChallenge } from '@cairn/core/internal';
import { describe, expect, it } from 'vitest';
import { BASE_DIFFICULTY, CHALLENGE_TTL_MS, emailCodeDifficulty, issueEmailCodeChallenge, MAX_DIFFICULTY, PROOF_GRACE, proofStillPays, readEmailCodeProof } from './emailCodeChallenge.ts';

const SECRET = new TextEncoder().encode('a login secret of at least 32 characters');
const NOW = 1_700_000_000_000;

describe('the price of an e-mail code', () => {
  it('is the base price for the free codes of the hour, then 4 times dearer each, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 500].map((recent) => emailCodeDifficulty(recent, 5))).toEqual([10, 10, 10, 10, 10, 12, 14, 16, 18, 18, 18]);
    expect(emailCodeDifficulty(0, 1)).toBe(BASE_DIFFICULTY);
    expect(emailCodeDifficulty(1, 1)).toBe(BASE_DIFFICULTY + 2);
    expect(emailCodeDifficulty(Number.MAX_SAFE_INTEGER, 5)).toBe(MAX_DIFFICULTY);
  });

  it(`lets a proof pay while at most ${PROOF_GRACE} codes were sent since it was priced, and always at the cap`, () => {
    const priced = emailCodeDifficulty(5, 5);
    expect(proofStillPays(priced, 5 + PROOF_GRACE, 5)).toBe(true);
    expect(proofStillPays(priced, 5 + PROOF_GRACE + 1, 5)).toBe(false);
    expect(proofStillPays(MAX_DIFFICULTY, 1_000_000, 5)).toBe(true);
  });
});

describe('a challenge', () => {
  it('is solved for its own address, within its 5 minutes, by a nonce that meets its price', async () => {
    const challenge = issueEmailCodeChallenge(SECRET, 'ann@example.com', 8, NOW);
    const proof = await solveEmailCodeChallenge(challenge, 8);
    expect(readEmailCodeProof(SECRET, 'ann@example.com', proof, NOW + CHALLENGE_TTL_MS - 1)).toMatchObject({ kind: 'solved', difficulty: 8, proofHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(readEmailCodeProof(SECRET, 'ann@example.com', proof, NOW + CHALLENGE_TTL_MS)).toEqual({ kind: 'expired' });
    expect(readEmailCodeProof(SECRET, 'bob@example.com', proof, NOW)).toEqual({ kind: 'invalid' });
    expect(readEmailCodeProof(new TextEncoder().encode('another secret of at least 32 characters'), 'ann@example.com', proof, NOW)).toEqual({ kind: 'invalid' });
  });

  it('cannot be made cheaper, longer-lived or up by the client', async () => {
    const challenge = issueEmailCodeChallenge(SECRET, 'ann@example.com', 16, NOW);
    const [, expiresAt, salt, tag] = challenge.split('.');
    const cheaper = `0.${expiresAt}.${salt}.${tag}`;
    expect(readEmailCodeProof(SECRET, 'ann@example.com', { challenge: cheaper, nonce: '0' }, NOW)).toEqual({ kind: 'invalid' });
    const longer = `16.${Number(expiresAt) + 3_600_000}.${salt}.${tag}`;
    expect(readEmailCodeProof(SECRET, 'ann@example.com', { challenge: longer, nonce: '0' }, NOW)).toEqual({ kind: 'invalid' });
    for (const made of ['', 'x', '1.2.3.4', `${challenge}.`, `${challenge}x`]) {
      expect(readEmailCodeProof(SECRET, 'ann@example.com', { challenge: made, nonce: '0' }, NOW)).toEqual({ kind: 'invalid' });
    }
  });
});
