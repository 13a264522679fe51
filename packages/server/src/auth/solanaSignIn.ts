import { isSolanaAddress } from '@cairn/solana';
import { base58Decode } from '@cairn/solana/transaction';
import { signInWithSolana, solanaChainReference } from '@cairn/core/signIn';
import { ed25519 } from '@noble/curves/ed25519';
import { ApiError } from '../http/errors.ts';
import { caip122SignIn } from './caip122SignIn.ts';

/** Longer than any text of 64 bytes (base58: at most 88 characters, base64: 88); bounds the decoding. */
export const MAX_SOLANA_SIGNATURE_LENGTH = 100;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
// Base64 of 64 bytes, padded: 86 characters and '=='; the padding keeps it apart from base58.
const BASE64_OF_64_BYTES = /^[A-Za-z0-9+/]{86}==$/;
export const SOLANA_SIGNATURE_ERROR = 'Signature is not a 64-byte ed25519 signature in base58 (or base64)';

/**
 * The 64 bytes of a signature text. Solana writes signatures in base58; some wallets hand out
 * base64 (padded) instead, which is accepted too: the '==' it ends with is not base58, so a text
 * is read one way only.
 */
export function solanaSignatureBytes(signature: string): Uint8Array {
  if (signature.length <= MAX_SOLANA_SIGNATURE_LENGTH) {
    if (BASE64_OF_64_BYTES.test(signature)) return new Uint8Array(Buffer.from(signature, 'base64'));
    if (BASE58.test(signature)) {
      const bytes = base58Decode(signature);
      if (bytes.length === 64) return bytes;
    }
  }
  throw new ApiError(400, SOLANA_SIGNATURE_ERROR, 'signature');
}

/** Whether the ed25519 key that is `address` signed the UTF-8 bytes of `message`. */
export function verifySolanaSignature({ address, message, signature }: { address: string; message: string; signature: string }): boolean {
  const bytes = solanaSignatureBytes(signature);
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), base58Decode(address));
  } catch {
    return false; // not a point or scalar ed25519 accepts
  }
}

/** solana: Sign In With Solana (CAIP-122), ed25519 over the message's UTF-8 text. */
export const solanaSignIn = caip122SignIn({
  namespace: 'solana',
  // SIWS's ABNF checks the characters; a sign-in also needs the address to be 32 bytes (a key).
  grammar: { ...signInWithSolana, isAddress: isSolanaAddress },
  servedNetworks: (services) => services.solanaChains.keys(),
  chainReference: solanaChainReference,
  checkSignature: (signature) => void solanaSignatureBytes(signature),
  verify: verifySolanaSignature,
});
