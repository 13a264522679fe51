import { accountFor, type CairnContext } from './context.ts';
import { createEvents, type Events } from './events.ts';
import { resolveOptions, type CairnOptions, type ResolvedOptions } from './options.ts';
import { createRouter, type Router } from './router.ts';
import { createSafeStorage } from './storage.ts';
import { createAccountStore, type AccountStore } from './stores/account.ts';
import { createConnectionStore, type ConnectionStore } from './stores/connection.ts';
import { createModalStore, type ModalStore } from './stores/modal.ts';
import { createNetworkStore, type NetworkStore } from './stores/network.ts';
import { createSendStore, type SendStore } from './stores/send.ts';
import type { CaipNetwork, ChainNamespace, WalletListItem } from './types.ts';
import { createAdapterEvents } from './actions/adapterEvents.ts';
import { connect } from './actions/connect.ts';
import { disconnect } from './actions/disconnect.ts';
import { closeModal, openModal, type OpenOptions } from './actions/modal.ts';
import { reconnect } from './actions/reconnect.ts';
import { refreshBalance } from './actions/refreshBalance.ts';
import { switchNetwork } from './actions/switchNetwork.ts';
import { createBlockchainApi } from './api/blockchainApi.ts';
import { createAuthApi } from './api/authApi.ts';
import { createSiwxStore, type SiwxStore } from './stores/siwx.ts';
import { signIn } from './actions/siwx/signIn.ts';
import { cancelSignIn } from './actions/siwx/cancelSignIn.ts';
import { isCloseBlocked } from './actions/modal.ts';
import { createWalletConnectStore, type WalletConnectStore } from './stores/walletConnect.ts';
import { createWalletConnectLoader } from './walletConnect/loadWalletConnectClient.ts';
import { walletConnectConnector } from './walletConnect/walletConnectConnector.ts';
import type { StartWalletConnectOptions } from './actions/walletConnect/startWalletConnect.ts';
import { abandonWalletConnect } from './actions/walletConnect/abandonWalletConnect.ts';
import { loadWalletConnectFlow } from './actions/walletConnect/loadWalletConnectFlow.ts';
import { showWalletConnectView } from './actions/walletConnect/showWalletConnectView.ts';
import { WalletConnectText } from './walletConnect/walletConnectText.ts';
import { isWalletListItem } from './rules/isWalletListItem.ts';
import { request } from './actions/request.ts';
import { currentPlatform, type Platform } from './rules/platform.ts';
import type { WalletConnectClientLoader } from './walletConnect/walletConnectClient.ts';
import { openWalletLink } from './walletConnect/openWalletLink.ts';
import { createWalletListStore, type WalletListStore } from './stores/walletList.ts';
import { walletImageUrl } from './api/walletCatalogueApi.imageUrl.ts';
import { createWalletCatalogueApi } from './api/walletCatalogueApi.ts';
import { loadWallets } from './actions/walletList/loadWallets.ts';
import { loadMoreWallets } from './actions/walletList/loadMoreWallets.ts';
import { searchWallets } from './actions/walletList/searchWallets.ts';
import { selectCatalogueWallet } from './actions/walletList/selectCatalogueWallet.ts';

export interface Cairn {
  readonly options: ResolvedOptions;
  readonly events: Pick<Events, 'subscribe'>;
  readonly stores: {
    modal: ModalStore;
    router: Router;
    connection: ConnectionStore;
    network: NetworkStore;
    send: SendStore;
    siwx: SiwxStore;
    walletList: WalletListStore;
    walletConnect: WalletConnectStore;
    account(namespace?: ChainNamespace): AccountStore;
  };
  /** Settles when the connection remembered from the last visit is restored or dropped. */
  readonly ready: Promise<void>;
  open(options?: OpenOptions): void;
  close(): void;
  connect(connectorId: string): Promise<boolean>;
  disconnect(): Promise<void>;
  switchNetwork(network: CaipNetwork): Promise<boolean>;
  refreshBalance(options?: { force?: boolean }): Promise<void>;
  /** Signs in with the wallet (EIP-4361); the sign view calls it. */
  signIn(): Promise<boolean>;
  cancelSignIn(): Promise<void>;
  /** Whether the modal may not be closed now (sign-in required and not done). */
  isCloseBlocked(): boolean;
  /** The catalogue for the Connect view: featured, installed / recent, recommended (once; again after a failure). */
  loadWallets(): Promise<void>;
  /** The next page of All Wallets (the first when none is loaded). */
  loadMoreWallets(): Promise<void>;
  /** Searches the catalogue after the debounce; an empty query returns to the list. */
  searchWallets(query: string, options?: { immediate?: boolean }): Promise<void>;
  /** A catalogue wallet's logo URL on the site's server; undefined without `api`. */
  walletImageUrl(imageId: string): string | undefined;
  /** A catalogue wallet picked: through the browser when installed, else WalletConnect. Resolves true when connected. */
  selectWallet(wallet: WalletListItem): Promise<boolean>;
  /** Pairs a wallet over WalletConnect (QR code, or the picked wallet's deep link on a phone). */
  connectWalletConnect(options?: StartWalletConnectOptions): Promise<boolean>;
  /** The visitor left the WalletConnect view. */
  cancelWalletConnect(): void;
  /** The site's own call to the connected wallet, EIP-1193 style (e.g. eth_sendTransaction). */
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  /** Stops listening to wallets; the instance is unusable afterwards. */
  destroy(): void;
}

/** The one place where stores, adapters, storage and events are wired together. */
/** Parts the core's own tests replace; not options a site sets. */
export interface CairnInternals {
  walletConnectLoader?: WalletConnectClientLoader;
  platform?: () => Platform;
  openLink?: (href: string) => void;
}

export function createCairn(input: CairnOptions, internals: CairnInternals = {}): Cairn {
  const options = resolveOptions(input);
  const storage = createSafeStorage(options.storage);
  storage.validateAll();
  const storedNetworkId = storage.get('activeNetwork');
  const activeNetwork =
    options.networks.find((network) => network.caipNetworkId === storedNetworkId) ?? options.defaultNetwork;
  const namespaces = [...new Set(options.adapters.map((adapter) => adapter.namespace))];
  const ctx: CairnContext = {
    options,
    storage,
    events: createEvents({ sink: options.onEvent }),
    router: createRouter(),
    modal: createModalStore(),
    connection: createConnectionStore(storage.get('recentWallets') ?? []),
    network: createNetworkStore(options.networks, activeNetwork),
    accounts: new Map(namespaces.map((namespace) => [namespace, createAccountStore(namespace)])),
    send: createSendStore(),
    ...(options.api ? { api: createBlockchainApi(options.api) } : {}),
    ...(options.api && options.siwx ? { auth: createAuthApi(options.api) } : {}),
    siwx: createSiwxStore(),
    platform: internals.platform ?? currentPlatform,
    openLink: internals.openLink ?? openWalletLink,
    walletList: createWalletListStore(),
    ...(options.api ? { catalogue: createWalletCatalogueApi(options.api) } : {}),
    balanceCache: new Map(),
    identityCache: new Map(),
    balanceInFlight: new Map(),
    balanceRetryAt: new Map(),
    now: Date.now,
  };
  if (options.walletConnect) {
    const load = internals.walletConnectLoader ?? createWalletConnectLoader(options);
    let watching = false;
    ctx.walletConnect = {
      store: createWalletConnectStore(),
      attempt: 0,
      load: () =>
        load().then((client) => {
          if (!watching) {
            watching = true;
            client.onSessionEnd(() => void loadWalletConnectFlow().then((flow) => flow.detachWalletConnect(ctx)));
          }
          return client;
        }),
    };
    ctx.connection.set({ connectors: [walletConnectConnector(options.adapters[0]!.namespace)] });
  }
  const cleanups = options.adapters.map((adapter) => adapter.setup(createAdapterEvents(ctx, adapter.namespace)));
  const ready = reconnect(ctx).then(
    () => undefined,
    (error: unknown) => console.warn('[cairn] reconnect failed', error),
  );
  return {
    options,
    events: { subscribe: ctx.events.subscribe },
    stores: {
      modal: ctx.modal,
      router: ctx.router,
      connection: ctx.connection,
      network: ctx.network,
      send: ctx.send,
      siwx: ctx.siwx,
      walletList: ctx.walletList,
      walletConnect: ctx.walletConnect?.store ?? createWalletConnectStore(),
      account: (namespace = ctx.network.get().activeNamespace) => accountFor(ctx, namespace),
    },
    ready,
    open: (openOptions) => openModal(ctx, openOptions),
    close: () => closeModal(ctx),
    connect: (connectorId) => connect(ctx, connectorId),
    disconnect: () => disconnect(ctx),
    switchNetwork: (network) => switchNetwork(ctx, network),
    refreshBalance: (balanceOptions) => refreshBalance(ctx, balanceOptions),
    signIn: () => signIn(ctx),
    cancelSignIn: () => cancelSignIn(ctx),
    isCloseBlocked: () => isCloseBlocked(ctx),
    loadWallets: () => loadWallets(ctx),
    loadMoreWallets: () => loadMoreWallets(ctx),
    searchWallets: (query, searchOptions) => searchWallets(ctx, query, searchOptions),
    walletImageUrl: (imageId) => (options.api ? walletImageUrl(options.api, imageId) : undefined),
    selectWallet: (wallet) => {
      if (!isWalletListItem(wallet)) return Promise.reject(new TypeError('selectWallet: `wallet` must be a wallet of the catalogue (stores.walletList)'));
      return selectCatalogueWallet(ctx, wallet);
    },
    connectWalletConnect: async (walletConnectOptions) => {
      if (!ctx.walletConnect) throw new Error(WalletConnectText.notConfigured);
      if (walletConnectOptions?.wallet !== undefined && !isWalletListItem(walletConnectOptions.wallet)) {
        throw new TypeError('connectWalletConnect: `wallet` must be a wallet of the catalogue (stores.walletList)');
      }
      showWalletConnectView(ctx, walletConnectOptions?.wallet);
      return (await loadWalletConnectFlow()).startWalletConnect(ctx, walletConnectOptions);
    },
    cancelWalletConnect: () => abandonWalletConnect(ctx),
    request: (args) => request(ctx, args),
    destroy: () => cleanups.forEach((cleanup) => cleanup()),
  };
}
