import type { Eip1193Provider, TestWalletInfo } from './types.ts';

/** The part of `window` EIP-6963 uses; a plain EventTarget is enough in Node tests. */
export type AnnounceTarget = Pick<EventTarget, 'dispatchEvent' | 'addEventListener' | 'removeEventListener'> & {
  ethereum?: unknown;
};

export type AnnounceOptions = {
  /** Also set window.ethereum, like a plain injected wallet. Default false. */
  asWindowEthereum?: boolean;
  /** false: a wallet that is only window.ethereum, with no EIP-6963 announcement. Default true. */
  announce?: boolean;
  target?: AnnounceTarget;
};

/**
 * EIP-6963, wallet side: announce a frozen {info, provider} now and again on every
 * eip6963:requestProvider. Returns a function that stops answering requests.
 */
export function announceTestWallet(
  provider: Eip1193Provider,
  info: Required<TestWalletInfo>,
  { asWindowEthereum = false, announce = true, target = globalThis as unknown as AnnounceTarget }: AnnounceOptions = {},
): () => void {
  if (asWindowEthereum) target.ethereum = provider;
  if (!announce) return () => {};

  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announceProvider = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  target.addEventListener('eip6963:requestProvider', announceProvider);
  announceProvider();
  return () => target.removeEventListener('eip6963:requestProvider', announceProvider);
}
