import type { ChainNamespace } from '@cairn/core';
import { readCaip122SignIn, SignInMessageError, type Caip122Grammar } from '@cairn/core/signIn';
import { ApiError } from '../http/errors.ts';
import type { ServerServices } from '../services.ts';
import type { SignInVerifier } from './signInVerifier.ts';

export interface Caip122SignInOptions {
  namespace: ChainNamespace;
  /** The namespace's message family (core/src/rules/signIn): account label, address and chain id rules. */
  grammar: Caip122Grammar;
  /** CAIP-2 ids of the chains this server serves in the namespace (from its configuration). */
  servedNetworks(services: ServerServices): Iterable<string>;
  /** The CAIP-2 reference of the chain a message's Chain ID names. */
  chainReference(chainId: string): string;
  /** Throws an ApiError 400 (field 'signature') when the text is not a signature in the namespace's encoding. */
  checkSignature(signature: string): void;
  /** Whether `address` signed the UTF-8 text `message` (a signature that passed checkSignature). */
  verify(params: { address: string; message: string; signature: string }): boolean | Promise<boolean>;
  /** Default: addresses are case-sensitive and kept as written. */
  addressKey?(address: string): string;
  displayAddress?(key: string): string;
}

/** A verifier for a namespace whose sign-in is CAIP-122 text and a signature over it. */
export function caip122SignIn(options: Caip122SignInOptions): SignInVerifier {
  const asWritten = (address: string) => address;
  return {
    namespace: options.namespace,
    accountLabel: options.grammar.accountLabel,
    servedNetworks: options.servedNetworks,
    readMessage(message) {
      try {
        const fields = readCaip122SignIn(options.grammar, message);
        return { ...fields, namespace: options.namespace, caipNetworkId: `${options.namespace}:${options.chainReference(fields.chainId)}` };
      } catch (error) {
        if (error instanceof SignInMessageError) throw new ApiError(400, error.message, 'message');
        throw error;
      }
    },
    checkSignature: options.checkSignature,
    verifySignature: async ({ claim, message, signature }) => options.verify({ address: claim.address, message, signature }),
    addressKey: options.addressKey ?? asWritten,
    displayAddress: options.displayAddress ?? asWritten,
  };
}
