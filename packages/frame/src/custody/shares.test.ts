import { bytesToHex } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { combineShares, splitSecret } from './shares.ts';
import { accountOf, generateWalletSecret } from './walletSecret.ts';

describe('2-of-2 shares', () => {
  it('combine back to the secret, in either order', async () => {
    const secret = generateWalletSecret();
    const { first, second } = await splitSecret(secret);
    expect(bytesToHex(await combineShares(first, second))).toBe(bytesToHex(secret));
    expect(bytesToHex(await combineShares(second, first))).toBe(bytesToHex(secret));
  });

  it('one share alone is not the secret and differs on every split', async () => {
    const secret = generateWalletSecret();
    const a = await splitSecret(secret);
    const b = await splitSecret(secret);
    for (const share of [a.first, a.second]) expect(bytesToHex(share)).not.toContain(bytesToHex(secret));
    expect(bytesToHex(a.first)).not.toBe(bytesToHex(b.first));
    expect(bytesToHex(a.second)).not.toBe(bytesToHex(b.second));
  });

  it('a share of one split with a share of another gives a different wallet', async () => {
    const secret = generateWalletSecret();
    const a = await splitSecret(secret);
    const b = await splitSecret(secret);
    const mixed = await combineShares(a.first, b.second).then((s) => accountOf(s).address, () => 'refused');
    expect(mixed).not.toBe(accountOf(secret).address);
  });

  it('the first byte of one share is uniform over 0..255 across many splits (no leak of the secret byte)', async () => {
    const secret = new Uint8Array(16); // all zero: a share that leaked it would lean towards some values
    const counts = new Array<number>(256).fill(0);
    const draws = 8192;
    for (let i = 0; i < draws; i++) counts[(await splitSecret(secret)).first[0]!]!++;
    // Uniform: each value about 32 times; a missing value or one seen 80 times or more happens with odds below 1e-8.
    expect(counts.filter((count) => count === 0)).toHaveLength(0);
    expect(Math.max(...counts)).toBeLessThan(80);
  });
});
