import { describe, expect, it } from 'vitest';
import { CustodyErrorText } from './errors.ts';
import { openRecoveryShare, sealRecoveryShare, SCRYPT_PARAMETERS } from './recoveryBlob.ts';
import { createRecoveryCode } from './recoveryCode.ts';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const share = crypto.getRandomValues(new Uint8Array(17));
const passphrase = { kind: 'passphrase', passphrase: 'correct horse battery staple' } as const;

describe('recovery blob', () => {
  it('opens with the passphrase it was sealed under, with the strong scrypt setting stored in it', async () => {
    const blob = await sealRecoveryShare(share, passphrase, address);
    expect(blob.scrypt).toEqual(SCRYPT_PARAMETERS);
    expect(SCRYPT_PARAMETERS.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(await openRecoveryShare(JSON.parse(JSON.stringify(blob)), passphrase, address)).toEqual(share);
    await expect(openRecoveryShare(blob, { kind: 'passphrase', passphrase: 'correct horse battery stapler' }, address)).rejects.toThrow(
      CustodyErrorText.wrongRecoveryFactor,
    );
    // Three scrypt derivations at the strong setting (2^17, 8, 1) in JavaScript: 16 s in ci6 of
    // session 17, past the 30 s default in both of session 18's runs beside three helpers (load ~20-35).
  }, 120_000);

  it('opens with the recovery code, and a wrong but well-formed code fails clearly', async () => {
    const code = createRecoveryCode();
    const blob = await sealRecoveryShare(share, { kind: 'code', code }, address);
    expect(blob.scrypt).toBeUndefined();
    expect(await openRecoveryShare(blob, { kind: 'code', code: code.toLowerCase() }, address)).toEqual(share);
    await expect(openRecoveryShare(blob, { kind: 'code', code: createRecoveryCode() }, address)).rejects.toThrow(CustodyErrorText.wrongRecoveryFactor);
    await expect(openRecoveryShare(blob, passphrase, address)).rejects.toThrow(CustodyErrorText.wrongRecoveryFactor);
  });

  it("is bound to its wallet's address", async () => {
    const code = createRecoveryCode();
    const blob = await sealRecoveryShare(share, { kind: 'code', code }, address);
    await expect(openRecoveryShare(blob, { kind: 'code', code }, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).rejects.toThrow(
      CustodyErrorText.wrongRecoveryFactor,
    );
  });

  it('refuses a short passphrase, a damaged blob, and scrypt settings outside the bounds', async () => {
    await expect(sealRecoveryShare(share, { kind: 'passphrase', passphrase: 'short' }, address)).rejects.toThrow(CustodyErrorText.passphraseTooShort);
    const code = createRecoveryCode();
    const blob = await sealRecoveryShare(share, { kind: 'code', code }, address);
    for (const damaged of [null, 'x', {}, { ...blob, v: 2 }, { ...blob, iv: 'not base64!' }, { ...blob, extra: 1 }, { ...blob, ciphertext: 'A'.repeat(10_000) }]) {
      await expect(openRecoveryShare(damaged, { kind: 'code', code }, address)).rejects.toThrow(CustodyErrorText.malformedRecoveryBlob);
    }
    const weak = { v: 1, kind: 'passphrase', salt: 'AAAA', scrypt: { N: 2 ** 10, r: 8, p: 1 }, iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AAAA' };
    await expect(openRecoveryShare(weak, passphrase, address)).rejects.toThrow(CustodyErrorText.weakScryptParameters);
    const huge = { ...weak, scrypt: { N: 2 ** 30, r: 8, p: 1 } };
    await expect(openRecoveryShare(huge, passphrase, address)).rejects.toThrow(CustodyErrorText.weakScryptParameters);
  });
});
