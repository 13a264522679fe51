import { parseCaipAddress } from '../caip.ts';
import type { CairnContext } from '../context.ts';
import type { ChainNamespace } from '../types.ts';
import { refreshBalance } from './refreshBalance.ts';
import { setActiveNetwork } from './setActiveNetwork.ts';

/** Whether the namespace became the active one. */
export type SwitchNamespaceReturnType = boolean;

/**
 * SPEC §3: one account per namespace; the Account view shows one at a time. Makes a connected
 * namespace the active one, on the network its account is on. Returns false when it is not connected.
 */
export function switchNamespace(ctx: CairnContext, namespace: ChainNamespace): SwitchNamespaceReturnType {
  const account = ctx.accounts.get(namespace)?.get();
  if (!account || account.status !== 'connected' || !account.caipAddress) return false;
  const { reference } = parseCaipAddress(account.caipAddress);
  setActiveNetwork(ctx, namespace, reference);
  ctx.connection.set({ connectorId: account.connectorId });
  void refreshBalance(ctx);
  return true;
}
