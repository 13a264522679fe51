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

  it('each byte of one share is spread over all values across many splits (no leak of the secret byte)', async () => {
    const secret = new Uint8Array(16); // all zero: a share that leaked it would keep showing zeros
    const seen = new Set<number>();
    // 2,000 draws of a uniform byte miss one of 256 values with probability about 256 * e^-7.8 = 0.1:
    // at least 240 distinct values holds by a wide margin (400 draws expect only ~202: too close).
    for (let i = 0; i < 2000; i++) seen.add((await splitSecret(secret)).first[0]!);
    expect(seen.size).toBeGreaterThanOrEqual(240);
  });
});
