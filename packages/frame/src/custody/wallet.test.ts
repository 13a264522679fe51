import { bytesToHex } from '@noble/hashes/utils';
import { recoverMessageAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { fromBase64url } from './encoding.ts';
import { verifyAuthShareRelease } from './deviceKeys.ts';
import { memoryDeviceStore } from './deviceStore.ts';
import { CustodyErrorText } from './errors.ts';
import { createRecoveryCode } from './recoveryCode.ts';
import { combineShares } from './shares.ts';
import { createWallet, exportMnemonic, proveDevice, recoverOnNewDevice, unlockDevice, type RecoveryMaterial, type ServerWalletRecord } from './wallet.ts';
import { accountOf, secretOfMnemonic } from './walletSecret.ts';

const code = createRecoveryCode();
const byCode = { kind: 'code', code } as const;

async function signs(signer: { signMessage: (args: { message: string }) => Promise<`0x${string}`> }, address: string) {
  const signature = await signer.signMessage({ message: 'hello from the frame' });
  return (await recoverMessageAddress({ message: 'hello from the frame', signature })) === address;
}

/** Everything an attacker holding a copy of the server's records can try without the user's factor. */
async function serverAloneAttempts(server: ServerWalletRecord): Promise<string[]> {
  const stored = JSON.parse(JSON.stringify(server)) as ServerWalletRecord;
  const [authShare, recoveryAuthShare, ciphertext] = [stored.device.authShare, stored.recoveryAuthShare, stored.recoveryBlob.ciphertext].map(fromBase64url);
  // The blob's ciphertext cut to a share's length too: a recovery share stored in the clear would show here.
  const shares = [authShare!, recoveryAuthShare!, ciphertext!, ciphertext!.slice(0, authShare!.length)];
  const results: string[] = [];
  for (const a of shares) {
    for (const b of shares) {
      if (a === b) continue;
      results.push(await combineShares(a, b).then((secret) => accountOf(secret).address, () => 'refused'));
      // A 16-byte piece that is the secret itself would derive the wallet on its own.
      if (a.length >= 16) results.push(accountOf(a.slice(0, 16)).address);
    }
  }
  for (const guess of [createRecoveryCode(), createRecoveryCode()]) {
    results.push(await exportMnemonic(stored, { kind: 'code', code: guess }).then((m) => accountOf(secretOfMnemonic(m)).address, (e: Error) => e.message));
  }
  return results;
}

describe('wallet custody', () => {
  it('creates a wallet whose device share and auth share sign together, checked by recovering the signer', async () => {
    const wallet = await createWallet(byCode);
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const signer = await unlockDevice(wallet.device, wallet.server.device.authShare);
    expect(signer.address).toBe(wallet.address);
    expect(await signs(signer, wallet.address)).toBe(true);
  });

  it('keeps the device record through a store (structured clone) with keys that cannot be exported', async () => {
    const wallet = await createWallet(byCode);
    const store = memoryDeviceStore();
    await store.save(wallet.device);
    const loaded = (await store.load())!;
    expect(loaded.shareKey.extractable).toBe(false);
    expect(loaded.signingKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', loaded.shareKey)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('pkcs8', loaded.signingKey)).rejects.toThrow();
    expect((await unlockDevice(loaded, wallet.server.device.authShare)).address).toBe(wallet.address);
  });

  it("a copy of the server's stored records alone cannot produce the wallet's key or a signature", async () => {
    const wallet = await createWallet(byCode);
    const serialized = JSON.stringify(wallet.server);
    const attempts = await serverAloneAttempts(wallet.server);
    expect(attempts.length).toBeGreaterThan(6);
    expect(attempts).not.toContain(wallet.address);
    expect(attempts).toContain(CustodyErrorText.wrongRecoveryFactor);
    // Nor does the secret or a key appear in it in any encoding we use.
    const { privateKey } = accountOf(secretOfMnemonic(await exportMnemonic(wallet.server, byCode)));
    expect(serialized.toLowerCase()).not.toContain(bytesToHex(privateKey));
  });

  it("the device's stored record alone (without the server's auth share) cannot sign", async () => {
    const wallet = await createWallet(byCode);
    const other = await createWallet(byCode);
    await expect(unlockDevice(wallet.device, other.server.device.authShare)).rejects.toThrow(CustodyErrorText.sharesDoNotMatch);
    await expect(unlockDevice(wallet.device, wallet.server.recoveryAuthShare)).rejects.toThrow(CustodyErrorText.sharesDoNotMatch);
    await expect(unlockDevice(wallet.device, 'not base64!')).rejects.toThrow(CustodyErrorText.sharesDoNotMatch);
  });

  it('recovers on a new device with the recovery code: same address, a fresh device pair, the old device still works', async () => {
    const wallet = await createWallet(byCode);
    const { device, enrollment } = await recoverOnNewDevice(wallet.server, { kind: 'code', code: code.toLowerCase() });
    expect(device.address).toBe(wallet.address);
    expect(enrollment.deviceId).not.toBe(wallet.server.device.deviceId);
    expect(enrollment.authShare).not.toBe(wallet.server.device.authShare);
    expect(await signs(await unlockDevice(device, enrollment.authShare), wallet.address)).toBe(true);
    expect(await signs(await unlockDevice(wallet.device, wallet.server.device.authShare), wallet.address)).toBe(true);
    // Shares of two devices' splits do not mix.
    await expect(unlockDevice(device, wallet.server.device.authShare)).rejects.toThrow(CustodyErrorText.sharesDoNotMatch);
  });

  it('recovers with the passphrase and says so clearly when the passphrase is wrong', async () => {
    const passphrase = { kind: 'passphrase', passphrase: 'a long passphrase only I know' } as const;
    const wallet = await createWallet(passphrase);
    await expect(recoverOnNewDevice(wallet.server, { kind: 'passphrase', passphrase: 'a long passphrase only I knew' })).rejects.toThrow(
      CustodyErrorText.wrongRecoveryFactor,
    );
    const { device, enrollment } = await recoverOnNewDevice(wallet.server, passphrase);
    expect((await unlockDevice(device, enrollment.authShare)).address).toBe(wallet.address);
    // Three scrypt derivations at the strong setting (made, wrong, right), as in recoveryBlob.test.ts:
    // 2.6 s on a quiet machine, 35.5 s in session 19's last clean run (load ~20), past the 30 s default.
  }, 120_000);

  it('fails clearly on a wrong recovery code and on a mistyped one', async () => {
    const wallet = await createWallet(byCode);
    await expect(recoverOnNewDevice(wallet.server, { kind: 'code', code: createRecoveryCode() })).rejects.toThrow(CustodyErrorText.wrongRecoveryFactor);
    const typo = (code[0] === 'A' ? 'B' : 'A') + code.slice(1);
    await expect(recoverOnNewDevice(wallet.server, { kind: 'code', code: typo })).rejects.toThrow(CustodyErrorText.recoveryCodeTypo);
  });

  it("the address check catches a wrong share and a swapped address", async () => {
    const wallet = await createWallet(byCode);
    const other = await createWallet(byCode);
    const wrongShare: RecoveryMaterial = { ...wallet.server, recoveryAuthShare: other.server.recoveryAuthShare };
    await expect(recoverOnNewDevice(wrongShare, byCode)).rejects.toThrow(CustodyErrorText.sharesDoNotMatch);
    // A server that hands back another wallet's address: the blob is bound to its address, so it does not even open.
    await expect(recoverOnNewDevice({ ...wallet.server, address: other.address }, byCode)).rejects.toThrow(CustodyErrorText.wrongRecoveryFactor);
    await expect(unlockDevice({ ...wallet.device, address: other.address }, wallet.server.device.authShare)).rejects.toThrow(
      CustodyErrorText.deviceShareUnreadable,
    );
  });

  it('exports the mnemonic of the wallet only with the recovery factor', async () => {
    const wallet = await createWallet(byCode);
    const mnemonic = await exportMnemonic(wallet.server, byCode);
    expect(mnemonic.split(' ')).toHaveLength(12);
    expect(accountOf(secretOfMnemonic(mnemonic)).address).toBe(wallet.address);
    await expect(exportMnemonic(wallet.server, { kind: 'code', code: createRecoveryCode() })).rejects.toThrow(CustodyErrorText.wrongRecoveryFactor);
  });

  it("proves the device to the server over the server's nonce, and the proof holds for that nonce only", async () => {
    const wallet = await createWallet(byCode);
    const signature = fromBase64url(await proveDevice(wallet.device, 'nonce-1'));
    const publicKey = fromBase64url(wallet.server.device.devicePublicKey);
    const input = { nonce: 'nonce-1', deviceId: wallet.device.deviceId, address: wallet.address };
    expect(await verifyAuthShareRelease(publicKey, signature, input)).toBe(true);
    expect(await verifyAuthShareRelease(publicKey, signature, { ...input, nonce: 'nonce-2' })).toBe(false);
    expect(await verifyAuthShareRelease(publicKey, signature, { ...input, deviceId: crypto.randomUUID() })).toBe(false);
    const other = await createWallet(byCode);
    expect(await verifyAuthShareRelease(fromBase64url(other.server.device.devicePublicKey), signature, input)).toBe(false);
  });
});
