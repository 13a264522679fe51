import type { CairnFeature } from '../cairnFeature.ts';
import { withActions } from '../../loadCairnActions.ts';
import { abandonWalletConnect } from './abandonWalletConnect.ts';
import { createWalletConnectLoader } from './loadWalletConnectClient.ts';
import { loadWalletConnectFlow } from './loadWalletConnectFlow.ts';
import type { StartWalletConnectOptions } from './startWalletConnect.ts';
import type { WalletConnectContext } from './walletConnectContext.ts';
import { walletConnectConnector } from './walletConnectConnector.ts';
import { createWalletConnectStore, type WalletConnectStore } from './walletConnectStore.ts';

declare module '../featureRegistry.ts' {
  interface FeatureContext {
    /** WalletConnect, when the site configures it. */
    walletConnect?: WalletConnectContext;
  }
  interface FeaturePublicStores {
    walletConnect: WalletConnectStore;
  }
  interface FeatureFacades {
    /** Pairs a wallet over WalletConnect (QR code, or the picked wallet's deep link on a phone). */
    connectWalletConnect(options?: StartWalletConnectOptions): Promise<boolean>;
    /** The visitor left the WalletConnect view. */
    cancelWalletConnect(): void;
  }
  interface FeatureViews {
    ConnectingWalletConnect: 'walletConnect';
    ConnectingWalletConnectBasic: 'walletConnect';
  }
}

/** WalletConnect through the site's plugin: its connector, its pairing views, its session's changes and end (SPEC §2, §3, §4). */
export const walletConnectFeature: CairnFeature = {
  setup: (ctx) => {
    if (!ctx.options.walletConnect) return;
    const load = createWalletConnectLoader(ctx.options);
    let watching = false;
    ctx.walletConnect = {
      store: createWalletConnectStore(),
      attempt: 0,
      load: () =>
        load().then((client) => {
          if (!watching) {
            watching = true;
            client.onSessionEnd(() => void loadWalletConnectFlow().then((flow) => flow.detachWalletConnect(ctx)));
            client.onSessionUpdate((session) => void loadWalletConnectFlow().then((flow) => flow.followWalletConnectSession(ctx, session)));
          }
          return client;
        }),
    };
    ctx.connection.set({ connectors: [walletConnectConnector(ctx.options.adapters[0]!.namespace)] });
  },
  publicStores: { walletConnect: (ctx) => ctx.walletConnect?.store ?? createWalletConnectStore() },
  facade: {
    connectWalletConnect: (ctx) => (options) =>
      withActions(ctx, async (loaded) => {
        if (options?.wallet !== undefined && !loaded.isWalletListItem(options.wallet)) {
          throw new TypeError('connectWalletConnect: `wallet` must be a wallet of the catalogue (stores.walletList)');
        }
        loaded.showWalletConnectView(ctx, options?.wallet);
        return (await loadWalletConnectFlow()).startWalletConnect(ctx, options);
      }),
    cancelWalletConnect: (ctx) => () => abandonWalletConnect(ctx),
  },
};

