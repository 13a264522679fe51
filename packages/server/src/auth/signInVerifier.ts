import type { ChainNamespace } from '@cairn/core';
import type { ServerServices } from '../services.ts';
import type { SignInTerms } from './checkSiweMessage.ts';

/** What a sign-in message claims, read by its namespace's verifier. */
export type SignInClaim = SignInTerms & {
  namespace: ChainNamespace;
  /** The account as the message writes it. */
  address: string;
  nonce: string;
};

/**
 * Sign-in for one chain namespace (CAIP-122): reading its message and checking its signature. The
 * nonce, domain, URI, chain and time checks are the same for every namespace (authRoutes.ts).
 */
export interface SignInVerifier {
  readonly namespace: ChainNamespace;
  /** The account label of the namespace's messages: "Ethereum" in "... sign in with your Ethereum account:". */
  readonly accountLabel: string;
  /** CAIP-2 ids of the chains this server serves in the namespace: a session may be for those only. */
  servedNetworks(services: ServerServices): Iterable<string>;
  /** Throws an ApiError 400 (field 'signature') when the text is not a signature in this namespace's encoding. */
  checkSignature(signature: string): void;
  /** Reads the message strictly; throws an ApiError 400 naming the field at fault. */
  readMessage(message: string): SignInClaim;
  /**
   * Whether the claim's address signed exactly `message` (the signature passed checkSignature); an
   * unreachable node throws a 502.
   */
  verifySignature(params: { claim: SignInClaim; message: string; signature: string; services: ServerServices }): Promise<boolean>;
  /** The address as sessions are kept by (a namespace whose addresses ignore case keeps one case). */
  addressKey(address: string): string;
  /** The kept address as the client is shown it. */
  displayAddress(key: string): string;
}
