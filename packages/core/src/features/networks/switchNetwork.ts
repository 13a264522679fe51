import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { DeveloperErrorText, ErrorText, errorMessage, isUserRejection } from '../../errors.ts';
import { showAlert } from '../../alerts.ts';
import type { CaipNetwork } from '../../types.ts';
import { checkUnsupportedChain } from './checkUnsupportedChain.ts';
import { refreshBalance } from '../../actions/refreshBalance.ts';
import { setActiveNetwork } from '../../actions/setActiveNetwork.ts';
import { switchNamespace } from '../../actions/switchNamespace.ts';
import { checkSignIn } from '../siwx/checkSignIn.ts';

/** Whether the network is the active one now. */
export type SwitchNetworkReturnType = boolean;

/**
 * Switches the active network: through the wallet when connected, else only locally so that the
 * next connection asks for it. Resolves true on success; on failure the network store holds the
 * error the view shows.
 */
export async function switchNetwork(ctx: CairnContext, network: CaipNetwork): Promise<SwitchNetworkReturnType> {
  if (typeof network !== 'object' || network === null) throw new TypeError(DeveloperErrorText.chainRequired('to switch network: pass one of the site\'s networks'));
  const requested = ctx.network.get().requested.find((item) => item.caipNetworkId === network.caipNetworkId);
  if (!requested) {
    // SPEC §8 'Network Not Found': the site asked for a network it did not give createCairn.
    showAlert(ctx, 'networkNotFound', String(network.caipNetworkId));
    throw new Error(`${ErrorText.unsupportedChain}: ${String(network.caipNetworkId)}`);
  }
  if (ctx.connection.get().status === 'connected' && requested.chainNamespace !== ctx.network.get().activeNamespace) {
    // SPEC §3: another namespace's network. Connected there: show that account and switch within
    // it; not connected there: connect a wallet of that namespace first (the other stays).
    if (!switchNamespace(ctx, requested.chainNamespace)) {
      ctx.router.push('Connect');
      return false;
    }
    if (ctx.network.get().activeCaipNetworkId === requested.caipNetworkId) return true;
  }
  const account = activeAccount(ctx).get();
  if (ctx.connection.get().status !== 'connected' || !account.connectorId) {
    setActiveNetwork(ctx, requested.chainNamespace, requested.id);
    return true;
  }
  const adapter = adapterFor(ctx, requested.chainNamespace);
  if (typeof adapter.switchNetwork !== 'function') throw new Error(`${DeveloperErrorText.networkClientNotSet}: the ${requested.chainNamespace} adapter cannot switch networks`);
  ctx.network.set({ switching: true, switchError: undefined });
  try {
    await adapter.switchNetwork({ connectorId: account.connectorId, network: requested });
  } catch (error) {
    ctx.network.set({
      switching: false,
      switchError: isUserRejection(error) ? 'Switch declined in the wallet' : errorMessage(error),
    });
    return false;
  }
  // The wallet's chainChanged event may have arrived first; either way the result is the same.
  setActiveNetwork(ctx, requested.chainNamespace, requested.id);
  ctx.network.set({ switching: false });
  ctx.events.emit('SWITCH_NETWORK', { network: requested.caipNetworkId });
  updateCaipAddress(ctx);
  void refreshBalance(ctx);
  if (!checkUnsupportedChain(ctx)) await checkSignIn(ctx);
  return true;
}

export function updateCaipAddress(ctx: CairnContext): void {
  const account = activeAccount(ctx);
  const { address } = account.get();
  if (address) account.set({ caipAddress: `${ctx.network.get().activeCaipNetworkId}:${address}` });
}
