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
import type { CaipNetwork, ChainNamespace } from './types.ts';
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
  /** Stops listening to wallets; the instance is unusable afterwards. */
  destroy(): void;
}

/** The one place where stores, adapters, storage and events are wired together. */
export function createCairn(input: CairnOptions): Cairn {
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
    balanceCache: new Map(),
    identityCache: new Map(),
    balanceInFlight: new Map(),
    balanceRetryAt: new Map(),
    now: Date.now,
  };
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
    destroy: () => cleanups.forEach((cleanup) => cleanup()),
  };
}
