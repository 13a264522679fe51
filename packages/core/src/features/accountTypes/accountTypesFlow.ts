import { adapterFor, type CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { attachEmbeddedWallet } from '../embeddedWallet/attachEmbeddedWallet.ts';
import { requireEmbeddedWallet } from '../embeddedWallet/embeddedWalletContext.ts';
import { findNetwork } from '../../stores/network.ts';
import { accountTypeOf } from '../../rules/accountTypeOf.ts';
import type { AccountType } from './accountTypesStore.ts';

export const AccountTypeText = {
  notEmbedded: 'Only the e-mail and social login wallet has a smart account',
} as const;

/** Reads the embedded wallet's account types on the active network: which one acts, whether the smart account is deployed, where smart accounts are enabled. */
export async function refreshAccountTypes(ctx: CairnContext): Promise<void> {
  if (!ctx.embeddedWallet) return;
  const client = await ctx.embeddedWallet.load();
  const network = findNetwork(ctx.network.get());
  // eslint-disable-next-line no-restricted-syntax -- smart accounts are EVM's (SPEC §3): a chain id only there
  const chainId = network?.chainNamespace === 'eip155' ? Number(network.id) : undefined;
  const [user, enabled] = await Promise.all([client.getUser(chainId === undefined ? {} : { chainId }), client.smartAccountEnabledNetworks?.() ?? Promise.resolve([])]);
  const address = adapterFor(ctx, 'eip155') && ctx.accounts.get('eip155')?.get().address;
  const activeAddress = address ?? user.address;
  ctx.accountTypes.set((state) => ({
    activeType: accountTypeOf(user.accounts, activeAddress),
    activeAddress,
    smartAccountDeployed: user.smartAccountDeployed,
    preferredAccountTypes: { ...state.preferredAccountTypes, eip155: user.preferredAccountType },
    smartAccountEnabledNetworks: enabled,
  }));
}

/** SPEC §4 SET_PREFERRED_ACCOUNT: the frame switches, and the widget reads the wallet's accounts again. */
export async function setPreferredAccountType(ctx: CairnContext, type: AccountType): Promise<boolean> {
  const { load } = requireEmbeddedWallet(ctx);
  ctx.accountTypes.set({ switching: true, error: undefined });
  try {
    const client = await load();
    if (!client.setPreferredAccount) throw new Error(AccountTypeText.notEmbedded);
    await client.setPreferredAccount(type);
    await attachEmbeddedWallet(ctx, client, { restore: true });
    ctx.storage.set('preferredAccountTypes', { ...ctx.accountTypes.get().preferredAccountTypes, eip155: type });
    await refreshAccountTypes(ctx);
    return true;
  } catch (error) {
    ctx.accountTypes.set({ error: errorMessage(error, 'Could not switch accounts') });
    return false;
  } finally {
    ctx.accountTypes.set({ switching: false });
  }
}
