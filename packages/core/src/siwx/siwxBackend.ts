import type { SiweFields } from './eip4361.ts';

/** What the message is built from: the EIP-4361 fields Cairn fills. */
export type SiwxMessageInput = Pick<SiweFields, 'domain' | 'address' | 'statement' | 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt'> & {
  expirationTime: string;
};

/** A session as the backend reports it. */
export interface SiwxBackendSession {
  address: string;
  chainId: number | string;
  expirationTime?: string;
}

/**
 * Where sign-in is verified and the session kept: Cairn's server by default
 * (`createCairnServerSiwx`), or the site's own backend (NextAuth, its own API) with these five.
 */
export interface SiwxBackend {
  /**
   * A fresh single-use nonce for this account. Without `address` and `chainId` for WalletConnect's
   * one-click sign-in (SPEC §4), where the wallet names its account only as it signs.
   */
  getNonce(input: { address?: string; chainId?: number | string }): Promise<string>;
  /**
   * The text the wallet signs on an EIP-4361 namespace (eip155); default: the EIP-4361 message of
   * the input. Other namespaces sign their own CAIP-122 message (the adapter's signIn).
   */
  createMessage?(input: SiwxMessageInput): string | Promise<string>;
  /** Verifies the signed message and opens the session; false (or a throw) when refused. */
  verify(input: { message: string; signature: string; address: string; chainId: number | string }): Promise<boolean>;
  /** The session the backend holds for this visitor, if any (checked after a reload). */
  getSession(input: { address: string; chainId: number | string }): Promise<SiwxBackendSession | undefined>;
  signOut(): Promise<void>;
}

const REQUIRED = ['getNonce', 'verify', 'getSession', 'signOut'] as const;

/** Checks a site's backend object at createCairn time, naming what is missing. */
export function isSiwxBackend(value: unknown): value is SiwxBackend {
  if (typeof value !== 'object' || value === null) return false;
  const backend = value as Record<string, unknown>;
  return REQUIRED.every((name) => typeof backend[name] === 'function') && (backend.createMessage === undefined || typeof backend.createMessage === 'function');
}

export const SIWX_BACKEND_METHODS = REQUIRED;
