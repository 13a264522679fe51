import { accountFor, adapterFor, type CairnContext } from '../context.ts';
import type { ChainAccountDetails, ChainNamespace } from '../types.ts';
import { checkUnsupportedChain } from '../features/networks/checkUnsupportedChain.ts';
import { clearConnection } from './clearConnection.ts';
import { refreshBalance } from './refreshBalance.ts';
import { refreshIdentity } from './refreshIdentity.ts';
import { checkSignIn } from '../features/siwx/checkSignIn.ts';
import { setActiveNetwork } from './setActiveNetwork.ts';
import { updateCaipAddress } from '../features/networks/switchNetwork.ts';
import { land } from './land.ts';
import { normalized } from './applyConnection.ts';
import { chainAccounts } from '../rules/chainAccounts.ts';

/** The connected wallet switched accounts; none left means it disconnected the site (EIP-1193). */
export function applyAccountsChanged(ctx: CairnContext, namespace: ChainNamespace, accounts: readonly string[], details: readonly ChainAccountDetails[] = []): void {
  if (accounts.length === 0) {
    clearConnection(ctx, namespace);
    land(ctx, { kind: 'walletDisconnected' });
    return;
  }
  const adapter = adapterFor(ctx, namespace);
  let address: string;
  try {
    address = adapter.normalizeAddress(accounts[0]!);
  } catch {
    return; // a wallet reporting garbage does not replace a valid account
  }
  const allAccounts = accounts.flatMap((item) => normalized(adapter, { address: item }).map((entry) => entry.address));
  const store = accountFor(ctx, namespace);
  store.set({
    address,
    allAccounts,
    // What the wallet tells of each now, else what it gave of one before (an EVM wallet names addresses alone).
    accounts: chainAccounts(namespace, allAccounts, details.flatMap((entry) => normalized(adapter, entry)), store.get().accounts),
    balance: undefined,
    balanceSymbol: undefined,
    balanceUsd: undefined,
    tokenBalance: [],
    profileName: undefined,
    profileImage: undefined,
  });
  updateCaipAddress(ctx);
  void refreshBalance(ctx);
  void refreshIdentity(ctx);
  void checkSignIn(ctx);
}

/** The connected wallet moved to another chain. */
export function applyChainChanged(ctx: CairnContext, namespace: ChainNamespace, chainId: string | number): void {
  if (!setActiveNetwork(ctx, namespace, chainId)) return;
  updateCaipAddress(ctx);
  accountFor(ctx, namespace).set({ balance: undefined, balanceSymbol: undefined, balanceUsd: undefined, tokenBalance: [] });
  if (!checkUnsupportedChain(ctx)) void checkSignIn(ctx);
  void refreshBalance(ctx);
}

/** The connected wallet ended the connection. */
export function applyDisconnected(ctx: CairnContext, namespace: ChainNamespace): void {
  clearConnection(ctx, namespace);
  land(ctx, { kind: 'walletDisconnected' });
}
