import type { ChainNamespace } from '@cairn/core';
import { signInAccountLabel } from '@cairn/core/signIn';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { eip155SignIn } from './eip155SignIn.ts';
import type { SignInVerifier } from './signInVerifier.ts';
import { solanaSignIn } from './solanaSignIn.ts';
import { bitcoinSignIn } from './bitcoinSignIn.ts';
import { polkadotSignIn } from './polkadotSignIn.ts';

/**
 * Sign-in verifiers by namespace. A namespace without one answers 'Sign-in is not supported for
 * this network'. A CAIP-122 namespace plugs in as one entry made by caip122SignIn (caip122SignIn.ts).
 */
export const SIGN_IN_VERIFIERS: Readonly<Record<ChainNamespace, SignInVerifier | undefined>> = {
  eip155: eip155SignIn,
  solana: solanaSignIn,
  bip122: bitcoinSignIn,
  polkadot: polkadotSignIn,
};

export const verifiers = (): SignInVerifier[] => Object.values(SIGN_IN_VERIFIERS).filter((verifier) => verifier !== undefined);

/** The verifier for a message, by the account its first line names; a 400 when there is none. */
export function verifierForMessage(message: string): SignInVerifier {
  const label = signInAccountLabel(message);
  if (label === undefined) throw new ApiError(400, 'Invalid sign-in message: the first line must be "<domain> wants you to sign in with your <chain> account:"', 'message');
  const verifier = verifiers().find((candidate) => candidate.accountLabel === label);
  if (!verifier) throw new ApiError(400, AUTH_ERRORS.signInNotSupported, 'message');
  return verifier;
}

/** The namespace of a CAIP-2 id's verifier, for showing a kept session's address. */
export function verifierForNetwork(caipNetworkId: string): SignInVerifier | undefined {
  const namespace = caipNetworkId.split(':')[0]!;
  return Object.hasOwn(SIGN_IN_VERIFIERS, namespace) ? SIGN_IN_VERIFIERS[namespace as ChainNamespace] : undefined;
}
