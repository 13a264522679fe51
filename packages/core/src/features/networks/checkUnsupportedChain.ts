import { activeAccount, type CairnContext } from '../../context.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletConnect/walletConnectConnector.ts';
import { shouldShowUnsupportedChain } from '../../rules/unsupportedChain.ts';
import { land } from '../../actions/land.ts';

/** Opens the modal on UnsupportedChain when SPEC §2's rule holds; returns whether it did. */
export function checkUnsupportedChain(ctx: CairnContext): boolean {
  if (ctx.connection.get().status !== 'connected') return false;
  const { activeCaipNetworkId, requested } = ctx.network.get();
  const show = shouldShowUnsupportedChain({
    activeCaipNetworkId,
    requestedIds: requested.map((network) => network.caipNetworkId),
    networkSwitchingEnabled: ctx.options.features.networkSwitching,
    allowUnsupportedChain: ctx.options.allowUnsupportedChain,
    isBasicWalletConnect:
      ctx.options.walletConnect?.basic === true && activeAccount(ctx).get().connectorId === WALLET_CONNECT_CONNECTOR_ID,
  });
  land(ctx, { kind: show ? 'unsupportedChain' : 'supportedChain' });
  return show;
}
