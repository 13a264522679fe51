import { toCaipNetworkId } from '../caip.ts';
import type { CairnContext } from '../context.ts';
import type { ChainNamespace } from '../types.ts';

/**
 * Records the wallet's network. SPEC §4: switching the active network resets the send form.
 * Returns whether the network changed.
 */
export function setActiveNetwork(ctx: CairnContext, namespace: ChainNamespace, chainId: number | string): boolean {
  const caipNetworkId = toCaipNetworkId(namespace, chainId);
  const current = ctx.network.get();
  if (current.activeCaipNetworkId === caipNetworkId && current.activeNamespace === namespace) return false;
  ctx.network.set({ activeCaipNetworkId: caipNetworkId, activeNamespace: namespace, switchError: undefined });
  ctx.storage.set('activeNetwork', caipNetworkId);
  ctx.resetFeatures('networkChange');
  return true;
}
