import type { ApprovedNetworks } from '../stores/network.ts';
import type { CaipNetwork } from '../types.ts';

/**
 * SPEC §3: a network is open to switch to unless the connected wallet of its namespace named the
 * networks it approved (a WalletConnect session) and this one is not among them. Before a
 * connection, every network is.
 */
export function isNetworkApproved(approved: Partial<Record<string, ApprovedNetworks>>, network: CaipNetwork): boolean {
  const chain = approved[network.chainNamespace];
  return !chain || chain.supportsAllNetworks || chain.approvedCaipNetworkIds.includes(network.caipNetworkId);
}

/** What a connection approves: the session's chains of this namespace, or every network for a wallet that names none. */
export function approvedNetworks(sessionChains: readonly string[] | undefined, namespace: string): ApprovedNetworks {
  if (!sessionChains) return { approvedCaipNetworkIds: [], supportsAllNetworks: true };
  const ids = sessionChains.filter((chain) => chain.startsWith(`${namespace}:`)) as ApprovedNetworks['approvedCaipNetworkIds'];
  return { approvedCaipNetworkIds: [...new Set(ids)], supportsAllNetworks: false };
}

/** The CAIP-2 chains a session's CAIP-10 accounts are on, in order, each once. */
export function sessionChains(accounts: readonly string[]): string[] {
  return [...new Set(accounts.map((account) => account.split(':').slice(0, 2).join(':')))];
}
