import type { ChainAdapter } from '../../types.ts';

/** How an account signs in (SPEC §4): EIP-4361 through signMessage, or the adapter's own CAIP-122 signIn. */
export type SignInRoute = 'eip4361' | 'adapter';

/** The adapter's way to sign in, or undefined when its namespace cannot: its accounts are not asked. */
export function signInRoute(adapter: Pick<ChainAdapter, 'signInStandard' | 'signIn'>): SignInRoute | undefined {
  if (adapter.signIn) return 'adapter';
  return adapter.signInStandard === 'eip4361' ? 'eip4361' : undefined;
}
