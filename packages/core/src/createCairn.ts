import type { CairnRequestFn, UntypedRequestArguments } from './requestTypes.ts';
import type { CairnInitialState } from './cookieStorage.ts';
import { accountFor, type CairnContext } from './context.ts';
import { createEvents, type Events } from './events.ts';
import { resolveOptions, type CairnOptions, type ResolvedOptions } from './options.ts';
import { createRouter, type Router } from './router.ts';
import { createSafeStorage, defaultStorage, type SafeStorage, type StorageLike } from './storage.ts';
import { deferUntilUsed } from './deferredCairn.ts';
import { STORAGE_PREFIX } from './constants.ts';
import { createAccountStore, type AccountStore } from './stores/account.ts';
import { createConnectionStore, type ConnectionStore } from './stores/connection.ts';
import { createModalStore, type ModalStore } from './stores/modal.ts';
import { createNetworkStore, type NetworkStore } from './stores/network.ts';
import { createThemeStore, type ThemeStore } from './stores/theme.ts';
import { readThemeMode, readThemeVariables, type ThemeMode, type ThemeVariablesInput } from './theme.ts';
import { createToastStore, type ToastStore } from './stores/toast.ts';
import type { ChainNamespace } from './types.ts';
import { createAdapterEvents } from './actions/adapterEvents.ts';
import { closeModal, isCloseBlocked, openModal, type OpenOptions } from './actions/modal.ts';
import type { ConnectReturnType } from './actions/connect.ts';
import type { DisconnectParameters, DisconnectReturnType } from './actions/disconnect.ts';
import type { RefreshBalanceParameters, RefreshBalanceReturnType } from './actions/refreshBalance.ts';
import { currentPlatform, type Platform } from './rules/platform.ts';
import { openWalletLink } from './features/walletConnect/openWalletLink.ts';
import { loadActionsFor, withActions as withActionsFor, type CairnActions } from './loadCairnActions.ts';
import { whenIdle } from './whenIdle.ts';
import { endEmptyReconnect, markReconnecting } from './actions/markReconnecting.ts';
import type { SocialPopup } from './features/embeddedWallet/socialLogin.ts';
import { FEATURES } from './features/featureList.ts';
// Kept in the published declarations: it loads every feature's types (features/featureRegistry.ts).
import './features/features.ts';
import { createFeatureStores, featureFacades, featurePublicStores, featureResets, featureSessions, setupFeatures, watchFeatures } from './features/assembleFeatures.ts';
import type { FeatureFacades, FeaturePublicStores, FeatureReset, FeatureStores } from './features/featureRegistry.ts';
import { withParts } from './features/lazyParts.ts';

export interface Cairn extends FeatureFacades {
  readonly options: ResolvedOptions;
  readonly events: Pick<Events, 'subscribe'>;
  readonly stores: FeatureStores & FeaturePublicStores & {
    modal: ModalStore;
    router: Router;
    connection: ConnectionStore;
    network: NetworkStore;
    toast: ToastStore;
    theme: ThemeStore;
    account(namespace?: ChainNamespace): AccountStore;
  };
  /** Settles when the connection remembered from the last visit is restored or dropped. */
  readonly ready: Promise<void>;
  open(options?: OpenOptions): void;
  /** Fetches the code behind connecting, ahead of the visitor's choice (the button calls it on hover and focus). */
  prefetch(): void;
  close(): void;
  connect(connectorId: string): Promise<ConnectReturnType>;
  /**
   * Disconnects every connected namespace, or only `namespace` (SPEC §3: EVM and Solana may be
   * connected at once); one left connected becomes the active one.
   */
  disconnect(options?: DisconnectParameters): Promise<DisconnectReturnType>;
  /** Shows a connected namespace's account (the Account view's switcher). Resolves false when it is not connected. */
  switchNamespace(namespace: ChainNamespace): Promise<boolean>;
  refreshBalance(options?: RefreshBalanceParameters): Promise<RefreshBalanceReturnType>;
  /** Whether the modal may not be closed now (sign-in required and not done). */
  isCloseBlocked(): boolean;
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

export function createCairn(input: CairnOptions, internals: CairnInternals = {}): Cairn {
  // A bad option throws here, at once; the rest waits for the first use (deferredCairn.ts).
  const options = resolveOptions(input);
  const storage = createSafeStorage(withInitialState(options.storage ?? defaultStorage(), options.initialState));
  const theme = createThemeStore({ themeMode: options.themeMode, themeVariables: options.themeVariables });
  // SPEC §4: with nothing remembered the status ends in a microtask; assembled later, it starts ended.
  let created = true;
  void Promise.resolve().then(() => (created = false));
  const assemble = (startUpAtOnce: boolean) => assembleCairn(options, storage, theme, internals, { startUpAtOnce, justCreated: created });
  // Where nothing paints (a server, Node), at once.
  if (typeof document === 'undefined') return assemble(true);
  return deferUntilUsed(options, { status: (storage.get('connections') ?? []).length > 0 ? 'reconnecting' : 'disconnected', theme }, assemble);
}

/** The instance itself: the stores, the context and the methods, wired together. */
function assembleCairn(
  options: ResolvedOptions,
  storage: SafeStorage,
  theme: ThemeStore,
  internals: CairnInternals,
  { startUpAtOnce, justCreated }: { startUpAtOnce: boolean; justCreated: boolean },
): Cairn {
  const storedNetworkId = storage.get('activeNetwork');
  const activeNetwork =
    options.networks.find((network) => network.caipNetworkId === storedNetworkId) ?? options.defaultNetwork;
  const namespaces = [...new Set(options.adapters.map((adapter) => adapter.namespace))];
  // Made on first read (lazyParts.ts): the button's first paint makes none of them.
  const featureStores = createFeatureStores(FEATURES);
  const resetFeatures = featureResets(FEATURES);
  const ctx: CairnContext = withParts<Omit<CairnContext, keyof FeatureStores>, FeatureStores>({
    options,
    storage,
    events: createEvents({ sink: options.onEvent }),
    router: createRouter(),
    modal: createModalStore(),
    connection: createConnectionStore(storage.get('recentWallets') ?? []),
    network: createNetworkStore(options.networks, activeNetwork),
    accounts: new Map(namespaces.map((namespace) => [namespace, createAccountStore(namespace)])),
    toast: createToastStore(),
    platform: internals.platform ?? currentPlatform,
    openLink: internals.openLink ?? openWalletLink,
    balanceCache: new Map(),
    identityCache: new Map(),
    balanceRetryAt: new Map(),
    now: Date.now,
    resetFeatures: (on: FeatureReset) => resetFeatures(ctx, on),
    sessions: featureSessions(FEATURES),
    ...(internals.openPopup ? { openPopup: internals.openPopup } : {}),
  }, featureStores);
  // The actions live in their own chunk (loadCairnActions.ts), fetched on intent or first use, so
  // that the button paints without them.
  const actions = () => loadActionsFor(ctx);
  const withActions = <T>(run: (loaded: CairnActions) => T) => {
    startUp();
    return withActionsFor(ctx, run);
  };
  const applyWalletEvent = (run: (loaded: CairnActions) => void) => {
    withActions(run).catch((error: unknown) => console.warn('[cairn] could not apply a wallet event', error));
  };
  // SPEC §4: a remembered connection shows as reconnecting from the first paint.
  const remembered = markReconnecting(ctx);
  let settleReady!: () => void;
  const ready = new Promise<void>((resolve) => (settleReady = resolve));
  const cleanups: (() => void)[] = [];
  // Issue 29: the rest of the start-up (the features' set-up and watches, the adapters' set-up and
  // wallet discovery, the silent reconnect, the stored values' check) runs after the page's first
  // paint, so the button paints first; anything that needs it (a method, a feature's store, the
  // click on the button) runs it at once.
  let started = false;
  let cancelStartUp = () => {};
  const startUp = () => {
    if (started) return;
    started = true;
    cancelStartUp();
    setupFeatures(FEATURES, ctx);
    cleanups.push(...options.adapters.map((adapter) => adapter.setup(createAdapterEvents(ctx, adapter.namespace, applyWalletEvent))));
    // SPEC §4: the silent reconnect of what was remembered; none on a server rendering from the
    // visitor's cookies (the wallet is in their browser, which reconnects after hydration).
    const restoring = remembered.length === 0 || (options.initialState && typeof window === 'undefined') ? undefined : actions().then((loaded) => loaded.reconnect(ctx));
    void Promise.resolve(restoring)
      .catch((error: unknown) => console.warn('[cairn] reconnect failed', error))
      .then(settleReady);
    // Idle: drop any bad stored value (the keys read above are already checked).
    cleanups.push(whenIdle(() => storage.validateAll(), 4000));
    cleanups.push(watchFeatures(FEATURES, ctx));
  };
  // With nothing remembered the status ends in a microtask, before any paint (SPEC §4).
  if (remembered.length === 0 && justCreated) void Promise.resolve().then(() => endEmptyReconnect(ctx));
  else if (remembered.length === 0) endEmptyReconnect(ctx);
  if (startUpAtOnce) startUp();
  else cancelStartUp = whenIdle(startUp, 200);
  // The actions and the adapters' lazy code are fetched on intent (the button hovered or focused,
  // the modal opened), not on every page load: most visitors never open the modal, and a
  // remembered connection loads them at once anyway.
  const prefetch = () => {
    startUp();
    void actions().catch(() => undefined);
    for (const adapter of options.adapters) adapter.prefetch?.();
  };
  const ownStores = {
    modal: ctx.modal,
    router: ctx.router,
    connection: ctx.connection,
    network: ctx.network,
    toast: ctx.toast,
    theme,
    account: (namespace: ChainNamespace = ctx.network.get().activeNamespace) => accountFor(ctx, namespace),
  };
  const instance: Omit<Cairn, keyof FeatureFacades> = {
    options,
    events: { subscribe: ctx.events.subscribe },
    stores: withParts(withParts(ownStores, featureStores), featurePublicStores(FEATURES, ctx, startUp)),
    ready,
    open: (openOptions) => {
      startUp();
      openModal(ctx, openOptions);
      prefetch();
    },
    prefetch,
    close: () => closeModal(ctx),
    connect: (connectorId) => withActions((loaded) => loaded.connect(ctx, connectorId)),
    disconnect: (disconnectOptions) => withActions((loaded) => loaded.disconnect(ctx, disconnectOptions)),
    switchNamespace: (namespace) => withActions((loaded) => loaded.switchNamespace(ctx, namespace)),
    refreshBalance: (balanceOptions) => withActions((loaded) => loaded.refreshBalance(ctx, balanceOptions)),
    isCloseBlocked: () => isCloseBlocked(ctx),
    // The core forwards any method; the adapters' declarations give sites the typed view of it.
    request: ((args: UntypedRequestArguments) => withActions((loaded) => loaded.request(ctx, args))) as CairnRequestFn,
    setThemeMode: (mode) => theme.set({ themeMode: readThemeMode('setThemeMode: `mode`', mode) }),
    setThemeVariables: (variables) => theme.set({ themeVariables: readThemeVariables('setThemeVariables', variables) }),
    destroy: () => {
      started = true;
      cancelStartUp();
      cleanups.forEach((cleanup) => cleanup());
    },
  };
  return withParts(instance, featureFacades(FEATURES, ctx, startUp));
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
