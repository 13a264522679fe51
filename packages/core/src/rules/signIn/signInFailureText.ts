import { ErrorText } from '../../errors.ts';

/**
 * SPEC §8: what the sign view says when a sign-in fails. With a smart account the failure is
 * most often the site's verifier knowing only EOA signatures (no ERC-1271 or ERC-6492), so the
 * visitor is told 'This application might not support Smart Accounts'; any other signing failure
 * is 'Signature declined'. `accountType` is undefined where neither the wallet nor the chain says.
 */
export function signInFailureText(accountType: 'eoa' | 'smartAccount' | undefined): string {
  return accountType === 'smartAccount' ? ErrorText.smartAccountsUnsupported : ErrorText.signatureDeclined;
}
