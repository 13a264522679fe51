import type { SealedForDevice } from '@cairn/core/internal';
import { buffer, fromBase64url, toBase64url, utf8 } from './encoding.ts';
import { CustodyError, CustodyErrorText } from './errors.ts';

// A device that has the wallet open hands a new device its share (issue 27): sealed to the new
// device's ECDH P-256 key (an ephemeral key of the sender's, ECDH, HKDF-SHA256, AES-GCM-256), bound
// to the wallet's address and the device's id. The server relays it and cannot read it.

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const INFO = utf8('cairn-device-handoff:v1');
const aad = (address: string, deviceId: string) => buffer(utf8(`cairn-device-handoff:v1:${address.toLowerCase()}:${deviceId}`));

/** The new device's exchange key: non-extractable, only the public half leaves the frame. */
export async function createExchangeKeys(): Promise<{ exchangeKey: CryptoKey; exchangePublicKey: string }> {
  const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
  return { exchangeKey: pair.privateKey, exchangePublicKey: toBase64url(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))) };
}

async function handoffKey(privateKey: CryptoKey, publicKey: CryptoKey, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const material = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new ArrayBuffer(32), info: buffer(INFO) }, material, { name: 'AES-GCM', length: 256 }, false, [usage]);
}

const importPublic = (spki: string) => crypto.subtle.importKey('spki', buffer(fromBase64url(spki)), ECDH, false, []);

export async function sealForDevice(share: Uint8Array, exchangePublicKey: string, to: { address: string; deviceId: string }): Promise<SealedForDevice> {
  const ephemeral = await crypto.subtle.generateKey(ECDH, true, ['deriveBits']);
  const key = await handoffKey(ephemeral.privateKey, await importPublic(exchangePublicKey), 'encrypt');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buffer(iv), additionalData: aad(to.address, to.deviceId) }, key, buffer(share));
  return { ephemeralKey: toBase64url(new Uint8Array(await crypto.subtle.exportKey('spki', ephemeral.publicKey))), iv: toBase64url(iv), ciphertext: toBase64url(new Uint8Array(ciphertext)) };
}

export async function openFromDevice(exchangeKey: CryptoKey, sealed: SealedForDevice, to: { address: string; deviceId: string }): Promise<Uint8Array> {
  try {
    const key = await handoffKey(exchangeKey, await importPublic(sealed.ephemeralKey), 'decrypt');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buffer(fromBase64url(sealed.iv)), additionalData: aad(to.address, to.deviceId) }, key, buffer(fromBase64url(sealed.ciphertext)));
    return new Uint8Array(plain);
  } catch {
    throw new CustodyError(CustodyErrorText.sharesDoNotMatch);
  }
}

/**
 * What both screens show for one request, for the person to compare, and what the person types on
 * the device that approves (session 21): 40 bits of SHA-256 over the request's id, which the server
 * picks at random when the request is made, and the new device's id and keys, Crockford base32 in
 * two groups (core's rule, which the server computes too). A request someone else made (a taken
 * mailbox) shows another code than the person's own new device. The server's id is in it (session
 * 17) because the rest is the requester's to choose: each try at a chosen code is a request the
 * server makes, 3 at a time per login.
 */
export { pairingCode } from '@cairn/core/internal';
