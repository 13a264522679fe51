import { describe, expect, it } from 'vitest';
import { deviceKeyThumbprint, embeddedWalletProofMessage, isDevicePublicKey } from './embeddedWallet.ts';

// RFC 7638 §3.1's example is an RSA key; this P-256 key's thumbprint was computed by WebCrypto's
// exported JWK through the same canonical form (see the test below, which recomputes it).
const KEY = { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' } as const;

describe('embedded wallet device keys', () => {
  it('accepts a P-256 public JWK and refuses a private key, another curve or stray members', () => {
    expect(isDevicePublicKey(KEY)).toBe(true);
    expect(isDevicePublicKey({ ...KEY, ext: true, key_ops: ['verify'] })).toBe(true);
    expect(isDevicePublicKey({ ...KEY, d: 'jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI' })).toBe(false);
    expect(isDevicePublicKey({ ...KEY, crv: 'P-384' })).toBe(false);
    expect(isDevicePublicKey({ ...KEY, x: 'short' })).toBe(false);
    expect(isDevicePublicKey({ ...KEY, extra: 1 })).toBe(false);
    for (const value of [null, 'key', [KEY], 42]) expect(isDevicePublicKey(value)).toBe(false);
  });

  it('computes the RFC 7638 thumbprint from the canonical members only', async () => {
    const canonical = `{"crv":"P-256","kty":"EC","x":"${KEY.x}","y":"${KEY.y}"}`;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical)));
    const expected = Buffer.from(digest).toString('base64url');
    expect(deviceKeyThumbprint(KEY)).toBe(expected);
    expect(deviceKeyThumbprint({ ...KEY, ext: true } as typeof KEY)).toBe(expected);
  });

  it('names the action, the user, the device and the time in the proof message', () => {
    const message = embeddedWalletProofMessage({ action: 'add-device', userId: 'u-1', deviceKey: KEY, issuedAt: '2026-11-25T06:00:00.000Z' });
    expect(message.split('\n')).toEqual([
      'Cairn embedded wallet',
      'Action: add-device',
      'User: u-1',
      `Device key: ${deviceKeyThumbprint(KEY)}`,
      'Issued At: 2026-11-25T06:00:00.000Z',
    ]);
  });
});

describe('auth share release text', () => {
  it('binds the challenge, the device and the lower-case address, versioned', async () => {
    const { authShareReleaseMessage } = await import('./embeddedWallet.ts');
    expect(authShareReleaseMessage({ nonce: 'n-1', deviceId: 'd-1', address: '0xAbC0000000000000000000000000000000000001' })).toBe(
      'cairn-auth-share-release:v1\nnonce:n-1\ndevice:d-1\naddress:0xabc0000000000000000000000000000000000001',
    );
  });
});
