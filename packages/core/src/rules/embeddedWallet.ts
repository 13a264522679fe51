import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';

/** A device's non-extractable ECDSA P-256 key, as its public JSON Web Key. */
export interface DevicePublicKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const COORDINATE = /^[A-Za-z0-9_-]{43}$/;

/** A P-256 public JWK with nothing else in it (a private `d` is refused, not dropped). */
export function isDevicePublicKey(value: unknown): value is DevicePublicKey {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const key = value as Record<string, unknown>;
  const allowed = new Set(['kty', 'crv', 'x', 'y', 'ext', 'key_ops']);
  if (Object.keys(key).some((name) => !allowed.has(name))) return false;
  return key.kty === 'EC' && key.crv === 'P-256' && typeof key.x === 'string' && COORDINATE.test(key.x) && typeof key.y === 'string' && COORDINATE.test(key.y);
}

const base64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** RFC 7638: the key's SHA-256 thumbprint over its required members in order, base64url. */
export function deviceKeyThumbprint(key: DevicePublicKey): string {
  return base64url(sha256(utf8ToBytes(`{"crv":"${key.crv}","kty":"${key.kty}","x":"${key.x}","y":"${key.y}"}`)));
}

/** Creating the wallet, or adding a device to it after a recovery. */
export type EmbeddedWalletAction = 'create-wallet' | 'add-device';

/**
 * What the wallet's own key signs (personal_sign) to bind a device to it: the server keeps a
 * device only when the wallet itself vouches for it, so a login alone cannot add one.
 */
export function embeddedWalletProofMessage(input: { action: EmbeddedWalletAction; userId: string; deviceKey: DevicePublicKey; issuedAt: string }): string {
  return [
    'Cairn embedded wallet',
    `Action: ${input.action}`,
    `User: ${input.userId}`,
    `Device key: ${deviceKeyThumbprint(input.deviceKey)}`,
    `Issued At: ${input.issuedAt}`,
  ].join('\n');
}

/**
 * The text a device's key signs to have its auth share released: bound to the server's one-time
 * challenge, the device and the wallet, so a signature cannot be replayed for another of them.
 */
export function authShareReleaseMessage(input: { nonce: string; deviceId: string; address: string }): string {
  return `cairn-auth-share-release:v1\nnonce:${input.nonce}\ndevice:${input.deviceId}\naddress:${input.address.toLowerCase()}`;
}
