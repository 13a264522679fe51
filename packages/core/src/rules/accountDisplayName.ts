import { shortenAddress } from '../format.ts';

/**
 * SPEC §1/§5 identity: an account is shown by its name where it has one (a registered or resolved
 * name, on the namespaces names exist on), else by its address cut to SPEC §9's 4 + 6 characters.
 * The header button, Account and the sign-in view all show the account by this one rule.
 */
export function accountDisplayName(account: { address: string; profileName?: string | undefined }): string {
  return account.profileName || shortenAddress(account.address);
}
