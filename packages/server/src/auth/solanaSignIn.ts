import { isSolanaAddress } from '@cairn/solana';
import { base58Decode } from '@cairn/solana/transaction';
import { signInWithSolana, solanaChainReference } from '@cairn/core/signIn';
import { ed25519 } from '@noble/curves/ed25519';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { caip122SignIn } from './caip122SignIn.ts';
import { isCanonicalEd25519Signature, isStrongEd25519PublicKey, NOT_CANONICAL_SIGNATURE_ERROR } from './strongEd25519.ts';

/** Longer than any text of 64 bytes (base58: at most 88 characters, base64: 88); bounds the decoding. */
export const MAX_SOLANA_SIGNATURE_LENGTH = 100;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
// Base64 of 64 bytes, padded: 86 characters and '=='; the padding keeps it apart from base58.
const BASE64_OF_64_BYTES = /^[A-Za-z0-9+/]{86}==$/;
export const SOLANA_SIGNATURE_ERROR = 'Signature is not a 64-byte ed25519 signature in base58 (or base64)';

/**
 * The 64 bytes of a signature text. Solana writes signatures in base58; some wallets hand out
 * base64 (padded) instead, which is accepted too: the '==' it ends with is not base58, so a text
 * is read one way only. A signature not in canonical form is refused here, before any verifying.
 */
export function solanaSignatureBytes(signature: string): Uint8Array {
  const bytes = signatureBytes(signature);
  if (!bytes) throw new ApiError(400, SOLANA_SIGNATURE_ERROR, 'signature');
  if (!isCanonicalEd25519Signature(bytes)) throw new ApiError(400, NOT_CANONICAL_SIGNATURE_ERROR, 'signature');
  return bytes;
}

function signatureBytes(signature: string): Uint8Array | undefined {
  if (signature.length > MAX_SOLANA_SIGNATURE_LENGTH) return undefined;
  if (BASE64_OF_64_BYTES.test(signature)) return new Uint8Array(Buffer.from(signature, 'base64'));
  const bytes = BASE58.test(signature) ? base58Decode(signature) : undefined;
  return bytes?.length === 64 ? bytes : undefined;
}

/**
 * Whether the ed25519 key that is `address` signed the UTF-8 bytes of `message`. An address that
 * is no one's key (a small-order point, the System Program's all-zero key among them) is refused
 * before verifying: under it a forged signature verifies for any message.
 */
export function verifySolanaSignature({ address, message, signature }: { address: string; message: string; signature: string }): boolean {
  const key = base58Decode(address);
  if (!isStrongEd25519PublicKey(key)) throw new ApiError(401, AUTH_ERRORS.keylessAddress);
  const bytes = solanaSignatureBytes(signature);
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), key);
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
