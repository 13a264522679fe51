import { polkadotChainReference, signInWithPolkadot } from '@cairn/core/signIn';
import { ApiError } from '../http/errors.ts';
import { caip122SignIn } from './caip122SignIn.ts';

/** sr25519, ed25519 (64 bytes) or ecdsa (65) signatures as 0x hex, maybe behind a type byte. */
const SIGNATURE_RE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130}|[0-9a-fA-F]{132})$/;

// @polkadot/util-crypto (and its wasm) loads on the first Polkadot sign-in, not with the server.
let crypto: Promise<typeof import('@polkadot/util-crypto')> | undefined;
const polkadotCrypto = () =>
  (crypto ??= import('@polkadot/util-crypto').then(async (module) => {
    await module.cryptoWaitReady();
    return module;
  }));

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
    const { signatureVerify } = await polkadotCrypto();
    try {
      return signatureVerify(message, signature, address).isValid;
    } catch {
      return false;
    }
  },
});
