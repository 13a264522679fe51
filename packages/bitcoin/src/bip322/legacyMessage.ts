import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { equalBytes } from '../bytes.ts';
import { base64 } from '@scure/base';
import { Script } from '@scure/btc-signer';
import { decodeBitcoinAddress } from '../address.ts';
import type { BitcoinNetworkName } from '../networks.ts';

// The "Bitcoin Signed Message" format (Bitcoin Core's signmessage; BIP-137 header bytes for
// segwit keys): a compact recoverable ECDSA signature over a double SHA-256, base64-encoded.

const PREFIX = utf8ToBytes('\x18Bitcoin Signed Message:\n');

function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length);
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >> 8);
  return Uint8Array.of(0xfe, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, length >>> 24);
}

export function legacyMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  return sha256(sha256(concatBytes(PREFIX, compactSize(bytes.length), bytes)));
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

/** Header byte base per key kind (BIP-137): 27 uncompressed P2PKH, 31 compressed P2PKH, 35 P2SH-P2WPKH, 39 P2WPKH. */
const HEADER_BASE = { p2pkhUncompressed: 27, p2pkh: 31, p2shP2wpkh: 35, p2wpkh: 39 } as const;

/** Signs the legacy way for a compressed key; `addressType` picks the BIP-137 header. */
export function signLegacyMessage(params: { message: string; privateKey: Uint8Array; addressType?: 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' }): string {
  const signature = secp256k1.sign(legacyMessageHash(params.message), params.privateKey, { lowS: true });
  const base = params.addressType === 'p2wpkh' ? HEADER_BASE.p2wpkh : params.addressType === 'p2sh-p2wpkh' ? HEADER_BASE.p2shP2wpkh : HEADER_BASE.p2pkh;
  return base64.encode(concatBytes(Uint8Array.of(base + signature.recovery), signature.toCompactRawBytes()));
}

/**
 * Checks a legacy signature against a P2PKH, P2SH-P2WPKH or P2WPKH address: the public key
 * recovered from the signature must hash to the address. Any malformed input is `false`.
 */
export function verifyLegacyMessage(params: { message: string; address: string; signature: string; network: BitcoinNetworkName }): boolean {
  try {
    const raw = base64.decode(params.signature);
    if (raw.length !== 65) return false;
    const header = raw[0]!;
    if (header < 27 || header > 42) return false;
    const recovery = (header - 27) & 3;
    const compressed = header >= 31;
    const signature = secp256k1.Signature.fromCompact(raw.subarray(1)).addRecoveryBit(recovery);
    const point = signature.recoverPublicKey(legacyMessageHash(params.message));
    const publicKey = point.toRawBytes(compressed);
    const { type, program } = decodeBitcoinAddress(params.address, params.network);
    const keyHash = hash160(publicKey);
    // The header's key kind is advisory (wallets disagree on it); the address decides.
    if (type === 'p2pkh') return equalBytes(keyHash, program);
    if (!compressed) return false; // segwit keys are compressed
    if (type === 'p2wpkh') return equalBytes(keyHash, program);
    if (type === 'p2sh') return equalBytes(hash160(Script.encode(['OP_0', keyHash])), program);
    return false;
  } catch {
    return false;
  }
}
