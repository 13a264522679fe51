import { webcrypto } from 'node:crypto';
import type { DevicePublicKey } from '@cairn/core/internal';

/**
 * Whether `signature` (ECDSA P-256 with SHA-256, WebCrypto's 64-byte r||s, base64url) signs
 * `message` (UTF-8) under the device's public key (SPKI, base64url). Malformed input is simply false.
 */
export async function verifyDeviceSignature(key: DevicePublicKey, message: string, signature: string): Promise<boolean> {
  try {
    const bytes = Buffer.from(signature, 'base64url');
    if (bytes.length !== 64) return false;
    const publicKey = await webcrypto.subtle.importKey('spki', Buffer.from(key, 'base64url'), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    return await webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, bytes, new TextEncoder().encode(message));
  } catch {
    return false;
  }
}
