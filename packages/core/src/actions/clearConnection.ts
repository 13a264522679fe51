import type { CairnContext } from '../context.ts';
import { emptyAccount } from '../stores/account.ts';
import type { ChainNamespace } from '../types.ts';
import { forgetCaches } from '../cache/persistedCaches.ts';
import { resetChainNetwork } from './resetChainNetwork.ts';
import { settledStatus } from './connectionStatus.ts';

/**
 * SPEC §4: resets the chain's account and network state and removes its connector id. The status becomes
 * disconnected when no namespace is left connected.
 */
export function clearConnection(ctx: CairnContext, namespace: ChainNamespace): void {
  // set() merges, so fields the empty account leaves out (address, connectorId, balance...) are cleared explicitly.
  ctx.accounts.get(namespace)?.set((current) => ({
    ...Object.fromEntries(Object.keys(current).map((key) => [key, undefined])),
    ...emptyAccount(namespace),
  }));
  const remaining = (ctx.storage.get('connections') ?? []).filter((item) => item.namespace !== namespace);
  if (remaining.length > 0) ctx.storage.set('connections', remaining);
  else {
    ctx.storage.remove('connections');
    ctx.storage.remove('connectedWallet');
  }
  if (settledStatus(ctx) === 'disconnected') ctx.connection.set({ status: 'disconnected', connectorId: undefined, connecting: undefined });
  forgetCaches(ctx, namespace);
  resetChainNetwork(ctx, namespace);
  ctx.resetFeatures('disconnect');
}
