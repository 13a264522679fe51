import { sha256 } from '@noble/hashes/sha2';

/**
 * A device's non-extractable ECDSA P-256 key, by its public half: the SubjectPublicKeyInfo DER
 * (WebCrypto's `spki` export, 91 bytes), base64url. The frame makes it; the server verifies with it.
 */
export type DevicePublicKey = string;

// The fixed DER head of an uncompressed P-256 SPKI: SEQUENCE, id-ecPublicKey, prime256v1, BIT STRING, 0x04.
const P256_SPKI_HEAD = [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04];
const SPKI_LENGTH = 91;

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const toBase64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A P-256 public key in SPKI form, base64url (a private key or another curve is refused). */
export function isDevicePublicKey(value: unknown): value is DevicePublicKey {
  if (typeof value !== 'string' || value.length !== 122) return false;
  const bytes = fromBase64url(value);
  return bytes !== undefined && bytes.length === SPKI_LENGTH && P256_SPKI_HEAD.every((byte, index) => bytes[index] === byte);
}

/** The key's SHA-256 over its SPKI bytes, base64url: how the wallet's proof names a device key. */
export function deviceKeyThumbprint(key: DevicePublicKey): string {
  const bytes = fromBase64url(key);
  if (!bytes) throw new Error('Not a base64url device key');
  return toBase64url(sha256(bytes));
}

/**
 * Creating the wallet, adding a device to it (after a recovery or an approval), removing one, or
 * ending every other login of the account from this device (session 23's "sign out everywhere else").
 */
export type EmbeddedWalletAction = 'create-wallet' | 'add-device' | 'remove-device' | 'sign-out-others';

/**
 * What the wallet's own key signs (personal_sign) to bind a device to it: the server keeps a
 * device only when the wallet itself vouches for it, so a login alone cannot add one.
 */
export function embeddedWalletProofMessage(input: { action: EmbeddedWalletAction; userId: string; deviceId: string; deviceKey: DevicePublicKey; issuedAt: string }): string {
  return [
    'Cairn embedded wallet',
    `Action: ${input.action}`,
    `User: ${input.userId}`,
    `Device: ${input.deviceId}`,
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
