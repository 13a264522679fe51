import type { ChainAccount, ChainAccountDetails as Details, ChainNamespace } from '../types.ts';

/**
 * SPEC §3 library-level accounts of one namespace: each address of the connection, in its order,
 * with what the wallet gave of it (`details`, matched by address), else what was known of it before
 * (`known`: a wallet that switches accounts gives addresses alone). Addresses are compared in the
 * adapter's display form (normalizeAddress): base58 is case-sensitive.
 */
export function chainAccounts(namespace: ChainNamespace, addresses: readonly string[], details: readonly Details[] = [], known: readonly ChainAccount[] = []): ChainAccount[] {
  return addresses.map((address) => {
    const given = details.find((entry) => entry.address === address) ?? known.find((entry) => entry.address === address);
    const { type, publicKey, path } = given ?? {};
    return { namespace, address, ...(type ? { type } : {}), ...(publicKey ? { publicKey } : {}), ...(path ? { path } : {}) };
  });
}

/**
 * The embedded wallet's accounts of one namespace as account details: its EVM accounts name no
 * namespace (they were its only ones), its Solana account does.
 */
export function frameAccountDetails(accounts: readonly (Details & { namespace?: ChainNamespace })[], namespace: ChainNamespace): Details[] {
  return accounts.filter((account) => (account.namespace ?? 'eip155') === namespace).map(({ namespace: _namespace, ...details }) => details);
}
