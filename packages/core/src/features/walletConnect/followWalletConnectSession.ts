import type { CairnContext } from '../../context.ts';
import { approvedNetworks, sessionChains } from '../../rules/networkApproval.ts';
import type { WalletConnectSessionInfo } from './walletConnectClient.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnector.ts';

/**
 * SPEC §3: the approved networks of each namespace connected through WalletConnect are the
 * session's chains as they stand now. A wallet that adds a chain later (or drops one) updates the
 * session; the chain state, and so Networks, follows.
 */
export function followWalletConnectSession(ctx: CairnContext, session: WalletConnectSessionInfo): void {
  const chains = sessionChains(session.accounts);
  const approved = { ...ctx.network.get().approved };
  for (const account of ctx.accounts.values()) {
    const { namespace, connectorId } = account.get();
    if (connectorId === WALLET_CONNECT_CONNECTOR_ID) approved[namespace] = approvedNetworks(chains, namespace);
  }
  ctx.network.set({ approved });
}
