import { polkadotChainReference, signInWithPolkadot } from '@cairn/core/signIn';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { caip122SignIn } from './caip122SignIn.ts';
import { loadedCrypto, polkadotCrypto } from './polkadotCrypto.ts';
import { isCanonicalEd25519Signature, isStrongEd25519PublicKey, NOT_CANONICAL_SIGNATURE_ERROR } from './strongEd25519.ts';

/** sr25519, ed25519 (64 bytes) or ecdsa (65) signatures as 0x hex, maybe behind a type byte. */
const SIGNATURE_RE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130}|[0-9a-fA-F]{132})$/;

/**
 * polkadot: CAIP-122 text signed by an extension's signRaw (over the text wrapped in
 * <Bytes>…</Bytes>, as extensions do, or the bare text); the scheme is read from the signature.
 */
export const polkadotSignIn = caip122SignIn({
  namespace: 'polkadot',
  grammar: signInWithPolkadot,
  servedNetworks: (services) => services.config.polkadotSignInNetworks.map((reference) => `polkadot:${reference}`),
  chainReference: polkadotChainReference,
  checkSignature: (signature) => {
    if (!SIGNATURE_RE.test(signature)) throw new ApiError(400, 'The signature is not an sr25519, ed25519 or ecdsa signature in 0x hex', 'signature');
  },
  // An address that does not decode (a bad SS58 checksum) verifies nothing.
  verify: async ({ address, message, signature }) => {
    const { signatureVerify } = await loadedCrypto(polkadotCrypto);
    let verified: ReturnType<typeof signatureVerify>;
    try {
      verified = signatureVerify(message, signature, address);
    } catch {
      return false;
    }
    if (verified.isValid && verified.crypto === 'ed25519') refuseWeakEd25519(verified.publicKey, signature);
    return verified.isValid;
  },
});

/**
 * signatureVerify tries ed25519, sr25519 and ecdsa in turn, and its ed25519 (like any cofactored
 * one) takes R = identity, S = 0 under a small-order key for any message. Which scheme the key is
 * for is known only once one verifies, so an ed25519 verdict is checked after: the key must be a
 * strong ed25519 key and the signature canonical. sr25519 (Ristretto) and ecdsa (secp256k1) work
 * in groups of prime order: they have no small-order keys.
 */
function refuseWeakEd25519(publicKey: Uint8Array, signature: string): void {
  if (!isStrongEd25519PublicKey(publicKey)) throw new ApiError(401, AUTH_ERRORS.keylessAddress);
  // 65 bytes: the ed25519 signature behind its scheme's type byte (0).
  const bytes = Buffer.from(signature.slice(2), 'hex');
  if (!isCanonicalEd25519Signature(bytes.subarray(bytes.length - 64))) throw new ApiError(400, NOT_CANONICAL_SIGNATURE_ERROR, 'signature');
}
