import type { CairnRequestFn, UntypedRequestArguments } from './requestTypes.ts';
import type { CairnInitialState } from './cookieStorage.ts';
import { accountFor, type CairnContext } from './context.ts';
import { createEvents, type Events } from './events.ts';
import { resolveOptions, type CairnOptions, type ResolvedOptions } from './options.ts';
import { createRouter, type Router } from './router.ts';
import { createSafeStorage, defaultStorage, type StorageLike } from './storage.ts';
import { STORAGE_PREFIX } from './constants.ts';
import { createAccountStore, type AccountStore } from './stores/account.ts';
import { createConnectionStore, type ConnectionStore } from './stores/connection.ts';
import { createModalStore, type ModalStore } from './stores/modal.ts';
import { createNetworkStore, type NetworkStore } from './stores/network.ts';
import { createThemeStore, type ThemeStore } from './stores/theme.ts';
import { readThemeMode, readThemeVariables, type ThemeMode, type ThemeVariablesInput } from './theme.ts';
import { createToastStore, type ToastStore } from './stores/toast.ts';
import type { CaipNetwork, ChainNamespace, WalletListItem } from './types.ts';
import { createAdapterEvents } from './actions/adapterEvents.ts';
import { closeModal, isCloseBlocked, openModal, type OpenOptions } from './actions/modal.ts';
import { createSiwxStore, type SiwxStore } from './stores/siwx.ts';
import { createWalletConnectStore, type WalletConnectStore } from './stores/walletConnect.ts';
import { createWalletConnectLoader } from './walletConnect/loadWalletConnectClient.ts';
import { walletConnectConnector } from './walletConnect/walletConnectConnector.ts';
import type { StartWalletConnectOptions } from './actions/walletConnect/startWalletConnect.ts';
import { abandonWalletConnect } from './actions/walletConnect/abandonWalletConnect.ts';
import { loadWalletConnectFlow } from './actions/walletConnect/loadWalletConnectFlow.ts';
import { currentPlatform, type Platform } from './rules/platform.ts';
import { openWalletLink } from './walletConnect/openWalletLink.ts';
import { createWalletListStore, type WalletListStore } from './stores/walletList.ts';
import { walletImageUrl } from './api/walletCatalogueApi.imageUrl.ts';
import { loadCairnActions, loadedCairnActions, type CairnActions } from './loadCairnActions.ts';
import { whenIdle } from './whenIdle.ts';
import { markReconnecting } from './actions/markReconnecting.ts';
import { createEmbeddedLoginStore, type EmbeddedLoginStore } from './stores/embeddedLogin.ts';
import { createEmbeddedWalletLoader } from './embeddedWallet/loadEmbeddedWalletClient.ts';
import { EMBEDDED_LOGIN_NOT_CONFIGURED } from './embeddedWallet/embeddedLoginText.ts';
import type { FramePlacement } from './embeddedWallet/embeddedWalletPlugin.ts';
import { loadEmbeddedWalletFlow } from './actions/embeddedWallet/loadEmbeddedWalletFlow.ts';
import type { SocialPopup } from './actions/embeddedWallet/socialLogin.ts';
import type { SocialLoginProvider } from './rules/socialLogin.ts';
import { FEATURES } from './features/featureList.ts';
// Kept in the published declarations: it loads every feature's types (features/featureRegistry.ts).
import './features/features.ts';
import { createFeatureStores, featureFacades, featureResets } from './features/assembleFeatures.ts';
import type { FeatureFacades, FeatureStores } from './features/featureRegistry.ts';

export interface Cairn extends FeatureFacades {
  readonly options: ResolvedOptions;
  readonly events: Pick<Events, 'subscribe'>;
  readonly stores: FeatureStores & {
    modal: ModalStore;
    router: Router;
    connection: ConnectionStore;
    network: NetworkStore;
    toast: ToastStore;
    theme: ThemeStore;
    siwx: SiwxStore;
    walletList: WalletListStore;
    walletConnect: WalletConnectStore;
    /** E-mail and social login (the secure frame): code sent, verifying, authenticating, the frame's own screen open. */
    embeddedLogin: EmbeddedLoginStore;
    account(namespace?: ChainNamespace): AccountStore;
  };
  /** Settles when the connection remembered from the last visit is restored or dropped. */
  readonly ready: Promise<void>;
  open(options?: OpenOptions): void;
  /** Fetches the code behind connecting, ahead of the visitor's choice (the button calls it on hover and focus). */
  prefetch(): void;
  close(): void;
  connect(connectorId: string): Promise<boolean>;
  /**
   * Disconnects every connected namespace, or only `namespace` (SPEC §3: EVM and Solana may be
   * connected at once); one left connected becomes the active one.
   */
  disconnect(options?: { namespace?: ChainNamespace }): Promise<void>;
  /** Shows a connected namespace's account (the Account view's switcher). Resolves false when it is not connected. */
  switchNamespace(namespace: ChainNamespace): Promise<boolean>;
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
  /** E-mail login: the frame e-mails a one-time code and the OTP view opens (SPEC §5: not within 30 s of the last). */
  loginWithEmail(email: string): Promise<boolean>;
  /** The code from the e-mail; the frame opens the wallet. Resolves true when connected. */
  verifyEmailOtp(otp: string): Promise<boolean>;
  /** Social login in a popup (call it from the click, so the browser lets the popup open). Resolves true when connected. */
  loginWithSocial(provider: SocialLoginProvider): Promise<boolean>;
  /** The frame's own screens follow the modal's palette. */
  syncFrameTheme(themeMode: 'light' | 'dark'): void;
  /** The visitor takes the e-mail/social wallet's key out (the frame shows it, after the recovery factor). */
  exportEmbeddedWallet(): Promise<boolean>;
  /** The ApproveTransaction view's box on screen: the frame's own screen is shown there (undefined hides it). */
  placeFrame(placement: FramePlacement | undefined): void;
  /** The site's own call to the connected wallet, EIP-1193 style (e.g. eth_sendTransaction). */
  request: CairnRequestFn;
  /** Light, dark, or following the visitor's system setting; takes effect at once. */
  setThemeMode(mode: ThemeMode): void;
  /** Replaces the site's `--cairn-*` overrides (for both palettes, or `{ light, dark }`); takes effect at once. */
  setThemeVariables(variables: ThemeVariablesInput): void;
  /** Stops listening to wallets; the instance is unusable afterwards. */
  destroy(): void;
}




/** The one place where stores, adapters, storage and events are wired together. */
/** Parts the core's own tests replace; not options a site sets. */
export interface CairnInternals {
  platform?: () => Platform;
  openLink?: (href: string) => void;
  /** Opens the social login's popup, blank, in the click's task. */
  openPopup?: () => SocialPopup | undefined;
}

function openBlankPopup(): SocialPopup | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.open('about:blank', 'cairn-social', 'popup,width=480,height=640') ?? undefined;
}

export function createCairn(input: CairnOptions, internals: CairnInternals = {}): Cairn {
  const options = resolveOptions(input);
  const storage = createSafeStorage(withInitialState(options.storage ?? defaultStorage(), options.initialState));
  const storedNetworkId = storage.get('activeNetwork');
  const activeNetwork =
    options.networks.find((network) => network.caipNetworkId === storedNetworkId) ?? options.defaultNetwork;
  const namespaces = [...new Set(options.adapters.map((adapter) => adapter.namespace))];
  const featureStores = createFeatureStores(FEATURES);
  const resetFeatures = featureResets(FEATURES);
  const ctx: CairnContext = {
    options,
    storage,
    events: createEvents({ sink: options.onEvent }),
    router: createRouter(),
    modal: createModalStore(),
    connection: createConnectionStore(storage.get('recentWallets') ?? []),
    network: createNetworkStore(options.networks, activeNetwork),
    accounts: new Map(namespaces.map((namespace) => [namespace, createAccountStore(namespace)])),
    ...featureStores,
    toast: createToastStore(),
    siwx: createSiwxStore(),
    platform: internals.platform ?? currentPlatform,
    openLink: internals.openLink ?? openWalletLink,
    walletList: createWalletListStore(),
    balanceCache: new Map(),
    identityCache: new Map(),
    balanceInFlight: new Map(),
    balanceRetryAt: new Map(),
    now: Date.now,
    resetFeatures: (on) => resetFeatures(ctx, on),
  };
  if (options.walletConnect) {
    const load = createWalletConnectLoader(options);
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
  const embeddedLoader = options.embeddedWallet
    ? createEmbeddedWalletLoader(options, (client) => {
        client.onPrompt((open) => void loadEmbeddedWalletFlow().then((flow) => flow.showFramePrompt(ctx, open)));
      })
    : undefined;
  if (embeddedLoader) ctx.embeddedWallet = { store: createEmbeddedLoginStore(), load: embeddedLoader.load, openedModalForPrompt: false };
  const requireLogin = () => {
    if (!ctx.embeddedWallet) throw new Error(EMBEDDED_LOGIN_NOT_CONFIGURED);
  };
  // The actions live in their own chunk (loadCairnActions.ts), fetched on intent or first use, so
  // that the button paints without them.
  let clientsAttached = false;
  const attach = (loaded: CairnActions) => {
    if (!clientsAttached) {
      clientsAttached = true;
      loaded.attachServerClients(ctx);
    }
    return loaded;
  };
  const actions = () => loadCairnActions().then(attach);
  // Synchronous once the chunk is in, so that a click's first state change lands in the same task.
  const withActions = <T>(run: (loaded: CairnActions) => T): Promise<Awaited<T>> => {
    const loaded = loadedCairnActions();
    if (!loaded) return actions().then(run) as Promise<Awaited<T>>;
    try {
      return Promise.resolve(run(attach(loaded)));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const applyWalletEvent = (run: (loaded: CairnActions) => void) => {
    withActions(run).catch((error: unknown) => console.warn('[cairn] could not apply a wallet event', error));
  };
  const cleanups = options.adapters.map((adapter) => adapter.setup(createAdapterEvents(ctx, adapter.namespace, applyWalletEvent)));
  const ready = startReconnect(ctx, actions).then(
    () => undefined,
    (error: unknown) => console.warn('[cairn] reconnect failed', error),
  );
  // Off the first paint: drop any bad stored value (the keys read above are already checked).
  cleanups.push(whenIdle(() => storage.validateAll(), 4000));
  // The actions and the adapters' lazy code are fetched on intent (the button hovered or focused,
  // the modal opened), not on every page load: most visitors never open the modal, and a
  // remembered connection loads them at once anyway.
  const prefetch = () => {
    void actions().catch(() => undefined);
    for (const adapter of options.adapters) adapter.prefetch?.();
  };
  const theme = createThemeStore({ themeMode: options.themeMode, themeVariables: options.themeVariables });
  return {
    options,
    events: { subscribe: ctx.events.subscribe },
    ...featureFacades(FEATURES, ctx),
    stores: {
      ...featureStores,
      modal: ctx.modal,
      router: ctx.router,
      connection: ctx.connection,
      network: ctx.network,
      toast: ctx.toast,
      theme,
      siwx: ctx.siwx,
      walletList: ctx.walletList,
      walletConnect: ctx.walletConnect?.store ?? createWalletConnectStore(),
      embeddedLogin: ctx.embeddedWallet?.store ?? createEmbeddedLoginStore(),
      account: (namespace = ctx.network.get().activeNamespace) => accountFor(ctx, namespace),
    },
    ready,
    open: (openOptions) => {
      openModal(ctx, openOptions);
      prefetch();
    },
    prefetch,
    close: () => closeModal(ctx),
    connect: (connectorId) => withActions((loaded) => loaded.connect(ctx, connectorId)),
    disconnect: (disconnectOptions) => withActions((loaded) => loaded.disconnect(ctx, disconnectOptions)),
    switchNamespace: (namespace) => withActions((loaded) => loaded.switchNamespace(ctx, namespace)),
    switchNetwork: (network) => withActions((loaded) => loaded.switchNetwork(ctx, network)),
    refreshBalance: (balanceOptions) => withActions((loaded) => loaded.refreshBalance(ctx, balanceOptions)),
    signIn: () => withActions((loaded) => loaded.signIn(ctx)),
    cancelSignIn: () => withActions((loaded) => loaded.cancelSignIn(ctx)),
    isCloseBlocked: () => isCloseBlocked(ctx),
    loadWallets: () => withActions((loaded) => loaded.loadWallets(ctx)),
    loadMoreWallets: () => withActions((loaded) => loaded.loadMoreWallets(ctx)),
    searchWallets: (query, searchOptions) => withActions((loaded) => loaded.searchWallets(ctx, query, searchOptions)),
    walletImageUrl: (imageId) => (options.api ? walletImageUrl(options.api, imageId) : undefined),
    selectWallet: (wallet) =>
      withActions((loaded) => {
        if (!loaded.isWalletListItem(wallet)) throw new TypeError('selectWallet: `wallet` must be a wallet of the catalogue (stores.walletList)');
        return loaded.selectCatalogueWallet(ctx, wallet);
      }),
    connectWalletConnect: (walletConnectOptions) =>
      withActions(async (loaded) => {
        if (walletConnectOptions?.wallet !== undefined && !loaded.isWalletListItem(walletConnectOptions.wallet)) {
          throw new TypeError('connectWalletConnect: `wallet` must be a wallet of the catalogue (stores.walletList)');
        }
        loaded.showWalletConnectView(ctx, walletConnectOptions?.wallet);
        return (await loadWalletConnectFlow()).startWalletConnect(ctx, walletConnectOptions);
      }),
    cancelWalletConnect: () => abandonWalletConnect(ctx),
    loginWithEmail: (email) => {
      requireLogin();
      return withActions(() => loadEmbeddedWalletFlow()).then((flow) => flow.startEmailLogin(ctx, email));
    },
    verifyEmailOtp: (otp) => {
      requireLogin();
      return withActions(() => loadEmbeddedWalletFlow()).then((flow) => flow.verifyEmailOtp(ctx, otp));
    },
    loginWithSocial: (provider) => {
      requireLogin();
      // Opened now, in the click's task: after an await the browser would block it.
      const popup = (internals.openPopup ?? openBlankPopup)();
      return withActions(() => loadEmbeddedWalletFlow()).then((flow) => flow.startSocialLogin(ctx, provider, popup));
    },
    exportEmbeddedWallet: () => {
      requireLogin();
      return withActions(() => loadEmbeddedWalletFlow()).then((flow) => flow.exportEmbeddedWallet(ctx));
    },
    syncFrameTheme: (themeMode) => {
      if (themeMode !== 'light' && themeMode !== 'dark') throw new TypeError("syncFrameTheme: `themeMode` must be 'light' or 'dark'");
      embeddedLoader?.loaded()?.syncTheme(themeMode).catch((error: unknown) => console.warn('[cairn] could not sync the frame\'s theme', error));
    },
    placeFrame: (placement) => embeddedLoader?.loaded()?.placeFrame(placement),
    // The core forwards any method; the adapters' declarations give sites the typed view of it.
    request: ((args: UntypedRequestArguments) => withActions((loaded) => loaded.request(ctx, args))) as CairnRequestFn,
    setThemeMode: (mode) => theme.set({ themeMode: readThemeMode('setThemeMode: `mode`', mode) }),
    setThemeVariables: (variables) => theme.set({ themeVariables: readThemeVariables('setThemeVariables', variables) }),
    destroy: () => cleanups.forEach((cleanup) => cleanup()),
  };
}

/**
 * A server has no storage of the visitor's: what it read from their cookies answers where the
 * storage has nothing (on the client the cookies themselves answer first).
 */
function withInitialState(backend: StorageLike, initialState: CairnInitialState | undefined): StorageLike {
  if (!initialState) return backend;
  const initial = new Map(Object.entries(initialState).map(([key, value]) => [`${STORAGE_PREFIX}${key}`, JSON.stringify(value)]));
  return {
    getItem: (key) => backend.getItem(key) ?? initial.get(key) ?? null,
    setItem: (key, value) => {
      initial.delete(key);
      backend.setItem(key, value);
    },
    removeItem: (key) => {
      initial.delete(key);
      backend.removeItem(key);
    },
  };
}

/**
 * SPEC §4: a remembered connection shows as reconnecting from the first paint; the silent
 * reconnect itself runs once the actions have loaded.
 */
function startReconnect(ctx: CairnContext, actions: () => Promise<CairnActions>): Promise<unknown> {
  if (markReconnecting(ctx).length === 0) return Promise.resolve(false);
  // Rendering on a server from the visitor's cookies: the wallet is in their browser, which
  // reconnects after hydration.
  if (ctx.options.initialState && typeof window === 'undefined') return Promise.resolve(false);
  return actions().then((loaded) => loaded.reconnect(ctx));
}
