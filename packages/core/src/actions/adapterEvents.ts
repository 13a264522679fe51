import { accountFor, adapterFor, type CairnContext } from '../context.ts';
import type { AdapterEvents, ChainNamespace } from '../types.ts';
import { checkUnsupportedChain } from './checkUnsupportedChain.ts';
import { clearConnection } from './clearConnection.ts';
import { refreshBalance } from './refreshBalance.ts';
import { refreshIdentity } from './refreshIdentity.ts';
import { checkSignIn } from './siwx/checkSignIn.ts';
import { setActiveNetwork } from './setActiveNetwork.ts';
import { updateCaipAddress } from './switchNetwork.ts';

/** Applies what the wallet reports on its own: account and network changes, disconnects. */
export function createAdapterEvents(ctx: CairnContext, namespace: ChainNamespace): AdapterEvents {
  const isActiveConnector = (connectorId: string) => accountFor(ctx, namespace).get().connectorId === connectorId;
  return {
    connectorsChanged(connectors) {
      ctx.connection.set((state) => ({
        // The WalletConnect connector is the core's, not an adapter's: an adapter's list never replaces it.
        connectors: [...state.connectors.filter((item) => item.chain !== namespace || item.type === 'WALLET_CONNECT'), ...connectors],
      }));
    },
    accountsChanged(connectorId, accounts) {
      if (!isActiveConnector(connectorId)) return;
      if (accounts.length === 0) {
        // EIP-1193: no accounts means the wallet disconnected this site (MetaMask's lock or "disconnect").
        clearConnection(ctx, namespace);
        ctx.router.reset('Connect');
        return;
      }
      const adapter = adapterFor(ctx, namespace);
      let address: string;
      try {
        address = adapter.normalizeAddress(accounts[0]!);
      } catch {
        return; // a wallet reporting garbage does not replace a valid account
      }
      accountFor(ctx, namespace).set({
        address,
        allAccounts: accounts.flatMap((item) => {
          try {
            return [adapter.normalizeAddress(item)];
          } catch {
            return [];
          }
        }),
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
    },
    chainChanged(connectorId, chainId) {
      if (!isActiveConnector(connectorId)) return;
      if (!setActiveNetwork(ctx, namespace, chainId)) return;
      updateCaipAddress(ctx);
      accountFor(ctx, namespace).set({ balance: undefined, balanceSymbol: undefined, balanceUsd: undefined, tokenBalance: [] });
      if (!checkUnsupportedChain(ctx)) void checkSignIn(ctx);
      void refreshBalance(ctx);
    },
    disconnected(connectorId) {
      if (!isActiveConnector(connectorId)) return;
      clearConnection(ctx, namespace);
      ctx.router.reset('Connect');
    },
  };
}
