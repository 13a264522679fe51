import { authShareReleaseMessage } from '@cairn/core/internal';
import { buffer, toBase64url, utf8 } from './encoding.ts';

/**
 * The keys a device keeps in the frame origin. Both are non-extractable: script in the frame can use
 * them but no one can read them out, so a copy of the stored records alone decrypts and signs nothing.
 */
export interface DeviceKeys {
  /** AES-GCM 256, encrypts the device share at rest. */
  shareKey: CryptoKey;
  /** ECDSA P-256, proves to the server that a release of the auth share comes from this device. */
  signingKey: CryptoKey;
  /** SPKI of the signing key's public half, base64url: what the server stores to verify the proof. */
  publicKey: string;
}

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDSA_SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;

export async function createDeviceKeys(): Promise<DeviceKeys> {
  const shareKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const pair = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  const publicKey = toBase64url(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  return { shareKey, signingKey: pair.privateKey, publicKey };
}

// The text a device signs for its auth share (the server builds the same): core's, so both sides agree.
export { authShareReleaseMessage };

export async function signAuthShareRelease(signingKey: CryptoKey, input: { nonce: string; deviceId: string; address: string }): Promise<string> {
  const signature = await crypto.subtle.sign(ECDSA_SIGN, signingKey, buffer(utf8(authShareReleaseMessage(input))));
  return toBase64url(new Uint8Array(signature));
}

/** What the server does with the proof; here so both sides are tested against the same text. */
export async function verifyAuthShareRelease(
  publicKeySpki: Uint8Array,
  signature: Uint8Array,
  input: { nonce: string; deviceId: string; address: string },
): Promise<boolean> {
  const key = await crypto.subtle.importKey('spki', buffer(publicKeySpki), ECDSA, false, ['verify']);
  return crypto.subtle.verify(ECDSA_SIGN, key, buffer(signature), buffer(utf8(authShareReleaseMessage(input))));
}
