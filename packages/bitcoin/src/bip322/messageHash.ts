import { sha256 } from '@noble/hashes/sha2';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';

const TAG = sha256(utf8ToBytes('BIP0322-signed-message'));

/** BIP-322: the BIP-340 tagged hash of the message as is (no length prefix, no terminator). */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? utf8ToBytes(message) : message;
  return sha256(concatBytes(TAG, TAG, bytes));
}
