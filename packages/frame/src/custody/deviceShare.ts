import { CustodyError, CustodyErrorText } from './errors.ts';
import { buffer, fromBase64url, toBase64url, utf8 } from './encoding.ts';

/** The device share at rest: AES-GCM under the device's non-extractable key, bound to the wallet's address. */
export interface SealedDeviceShare {
  iv: string;
  ciphertext: string;
}

const aad = (address: string) => buffer(utf8(`cairn-device-share:v1:${address.toLowerCase()}`));

export async function sealDeviceShare(shareKey: CryptoKey, share: Uint8Array, address: string): Promise<SealedDeviceShare> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buffer(iv), additionalData: aad(address) }, shareKey, buffer(share));
  return { iv: toBase64url(iv), ciphertext: toBase64url(new Uint8Array(ciphertext)) };
}

export async function openDeviceShare(shareKey: CryptoKey, sealed: SealedDeviceShare, address: string): Promise<Uint8Array> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: buffer(fromBase64url(sealed.iv)), additionalData: aad(address) },
      shareKey,
      buffer(fromBase64url(sealed.ciphertext)),
    );
    return new Uint8Array(plain);
  } catch {
    throw new CustodyError(CustodyErrorText.deviceShareUnreadable);
  }
}
