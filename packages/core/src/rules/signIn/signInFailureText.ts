import { ErrorText } from '../../errors.ts';

/** How a sign-in failed: the visitor declined in the wallet, or the signature went and was refused (or failed on the way). */
export interface SignInFailure {
  declined: boolean;
  /** The signing account's type; undefined where neither the wallet nor the chain says. */
  accountType?: 'eoa' | 'smartAccount';
}

/**
 * SPEC §8: what the sign view says when a sign-in fails. A smart account's signature that fails is
 * most often the site's verifier knowing only EOA signatures (no ERC-1271 or ERC-6492), not the
 * visitor's doing: 'This application might not support Smart Accounts'. A visitor who declined,
 * whatever the account, and any other failure: 'Signature declined'.
 */
export function signInFailureText(failure: SignInFailure): string {
  return !failure.declined && failure.accountType === 'smartAccount' ? ErrorText.smartAccountsUnsupported : ErrorText.signatureDeclined;
}
