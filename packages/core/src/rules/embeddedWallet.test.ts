import { describe, expect, it } from 'vitest';
import { authShareReleaseMessage, deviceKeyThumbprint, embeddedWalletProofMessage, isDevicePublicKey } from './embeddedWallet.ts';

const toBase64url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');

async function spkiOf(curve: 'P-256' | 'P-384') {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: curve }, true, ['sign', 'verify']);
  return { spki: toBase64url(await crypto.subtle.exportKey('spki', pair.publicKey)), pkcs8: toBase64url(await crypto.subtle.exportKey('pkcs8', pair.privateKey)) };
}

describe('embedded wallet device keys', () => {
  it("accepts WebCrypto's P-256 SPKI export and refuses a private key, another curve or junk", async () => {
    const p256 = await spkiOf('P-256');
    expect(isDevicePublicKey(p256.spki)).toBe(true);
    expect(isDevicePublicKey(p256.pkcs8)).toBe(false);
    expect(isDevicePublicKey((await spkiOf('P-384')).spki)).toBe(false);
    expect(isDevicePublicKey(`${p256.spki.slice(0, -1)}!`)).toBe(false);
    expect(isDevicePublicKey('A'.repeat(122))).toBe(false);
    for (const value of [null, undefined, 42, {}, [p256.spki]]) expect(isDevicePublicKey(value)).toBe(false);
  });

  it('names a key by the SHA-256 of its SPKI bytes', async () => {
    const { spki } = await spkiOf('P-256');
    const digest = await crypto.subtle.digest('SHA-256', Buffer.from(spki, 'base64url'));
    expect(deviceKeyThumbprint(spki)).toBe(toBase64url(digest));
  });

  it('names the action, the user, the device, its key and the time in the proof message', async () => {
    const { spki } = await spkiOf('P-256');
    const message = embeddedWalletProofMessage({ action: 'add-device', userId: 'u-1', deviceId: 'd-1', deviceKey: spki, issuedAt: '2026-11-25T06:00:00.000Z' });
    expect(message.split('\n')).toEqual(['Cairn embedded wallet', 'Action: add-device', 'User: u-1', 'Device: d-1', `Device key: ${deviceKeyThumbprint(spki)}`, 'Issued At: 2026-11-25T06:00:00.000Z']);
  });
});

describe('auth share release text', () => {
  it('binds the challenge, the device and the lower-case address, versioned', () => {
    expect(authShareReleaseMessage({ nonce: 'n-1', deviceId: 'd-1', address: '0xAbC0000000000000000000000000000000000001' })).toBe(
      'cairn-auth-share-release:v1\nnonce:n-1\ndevice:d-1\naddress:0xabc0000000000000000000000000000000000001',
    );
  });
});
