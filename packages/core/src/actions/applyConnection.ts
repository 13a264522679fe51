import { toCaipAddress } from '../caip.ts';
import { accountFor, adapterFor, type CairnContext } from '../context.ts';
import type { ChainAdapter, ChainAccount, ChainNamespace, ConnectionResult, Connector } from '../types.ts';
import { addRecentWallet } from '../rules/recentWallets.ts';
import { approvedNetworks } from '../rules/networkApproval.ts';
import { chainAccounts } from '../rules/chainAccounts.ts';
import { checkUnsupportedChain } from '../features/networks/checkUnsupportedChain.ts';
import { refreshBalance } from './refreshBalance.ts';
import { refreshIdentity } from './refreshIdentity.ts';
import { setActiveNetwork } from './setActiveNetwork.ts';

/**
 * Stores a connection the wallet granted: account, network, storage, recent wallets.
 * `sessionChains`: the CAIP-2 chains a remote session approved (WalletConnect); absent for a
 * wallet that takes any network (SPEC §3 supports-all-networks).
 */
export function applyConnection(
  ctx: CairnContext,
  namespace: ChainNamespace,
  connector: Connector,
  result: ConnectionResult,
  sessionChains?: readonly string[],
): void {
  const adapter = adapterFor(ctx, namespace);
  const address = adapter.normalizeAddress(result.address);
  ctx.network.set({ approved: { ...ctx.network.get().approved, [namespace]: approvedNetworks(sessionChains, namespace) } });
  setActiveNetwork(ctx, namespace, result.chainId);
  const { activeCaipNetworkId } = ctx.network.get();
  const allAccounts = result.accounts.map((account) => adapter.normalizeAddress(account));
  const details = (result.accountDetails ?? []).flatMap((entry) => normalized(adapter, entry));
  accountFor(ctx, namespace).set({
    status: 'connected',
    address,
    caipAddress: toCaipAddress(activeCaipNetworkId, address),
    allAccounts,
    accounts: chainAccounts(namespace, allAccounts, details),
    connectorId: connector.id,
  });
  const connections = ctx.storage.get('connections') ?? [];
  ctx.storage.set('connections', [
    { namespace, connectorId: connector.id, address },
    ...connections.filter((item) => item.namespace !== namespace),
  ]);
  ctx.storage.set('connectedWallet', { id: connector.id, name: connector.name });
  const recentWallets = addRecentWallet(ctx.connection.get().recentWallets, {
    id: connector.id,
    name: connector.name,
    namespace,
    ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
    ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
  });
  ctx.storage.set('recentWallets', recentWallets);
  ctx.connection.set({ status: 'connected', connectorId: connector.id, connecting: undefined, recentWallets });
  checkUnsupportedChain(ctx);
  void refreshBalance(ctx);
  void refreshIdentity(ctx);
}

/** A wallet's account details with the address in the adapter's display form; none for an address it refuses. */
export function normalized<T extends Pick<ChainAccount, 'address'>>(adapter: Pick<ChainAdapter, 'normalizeAddress'>, entry: T): T[] {
  try {
    return [{ ...entry, address: adapter.normalizeAddress(entry.address) }];
  } catch {
    return [];
  }
}
