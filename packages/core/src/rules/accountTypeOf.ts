/** The type of `address` among a wallet's accounts (SPEC §3 frame user); an address it does not list is an EOA. */
export function accountTypeOf(accounts: readonly { address: string; type: 'eoa' | 'smartAccount' }[], address: string): 'eoa' | 'smartAccount' {
  return accounts.find((account) => account.address.toLowerCase() === address.toLowerCase())?.type ?? 'eoa';
}
