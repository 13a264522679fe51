import type { CairnContext } from '../context.ts';
import { findNetwork, networkForNamespace } from '../stores/network.ts';
import type { ChainNamespace } from '../types.ts';
import { setActiveNetwork } from './setActiveNetwork.ts';

/**
 * SPEC §4: a disconnect resets the chain's network state: no switch in flight or failed, and a
 * network the wallet had taken the page to that the site does not list gives way to the site's
 * own (its default network, or its first of the namespace), as a fresh page would start; the
 * networks its wallet had approved are forgotten.
 */
export function resetChainNetwork(ctx: CairnContext, namespace: ChainNamespace): void {
  const { [namespace]: _forgotten, ...approved } = ctx.network.get().approved;
  ctx.network.set({ switching: false, switchError: undefined, approved });
  const state = ctx.network.get();
  if (state.activeNamespace !== namespace || findNetwork(state)) return;
  const { defaultNetwork } = ctx.options;
  const network = defaultNetwork.chainNamespace === namespace ? defaultNetwork : networkForNamespace(state, namespace);
  if (network) setActiveNetwork(ctx, namespace, network.id);
}
