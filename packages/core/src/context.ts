import type { Events } from './events.ts';
import type { ResolvedOptions } from './options.ts';
import type { Router } from './router.ts';
import type { SafeStorage } from './storage.ts';
import type { AccountStore } from './stores/account.ts';
import type { ConnectionStore } from './stores/connection.ts';
import type { ModalStore } from './stores/modal.ts';
import type { NetworkStore } from './stores/network.ts';
import type { ToastStore } from './stores/toast.ts';
import type { Balance, ChainAdapter, ChainNamespace } from './types.ts';
import { ErrorText } from './errors.ts';
import type { BlockchainApi, Identity, TokenBalance } from './api/blockchainApi.ts';
import type { SiwxBackend } from './siwx/siwxBackend.ts';
import type { Platform } from './rules/platform.ts';
import type { WalletCatalogueApi } from './api/walletCatalogueApi.ts';
import type { FeatureContext, FeatureReset, FeatureStores } from './features/featureRegistry.ts';

/** Everything an action may touch. Built once in createCairn; actions take it as their first argument. */
export interface CairnContext extends FeatureStores, FeatureContext {
  options: ResolvedOptions;
  storage: SafeStorage;
  events: Events;
  router: Router;
  modal: ModalStore;
  connection: ConnectionStore;
  network: NetworkStore;
  accounts: ReadonlyMap<ChainNamespace, AccountStore>;
  /** SPEC §8: the modal's one toast. */
  toast: ToastStore;
  /** The site's Cairn server, when configured. */
  api?: BlockchainApi;
  /** Sign-in calls to the site's server, when sign-in is enabled. */
  siwxBackend?: SiwxBackend;
  /** Phone or desktop: decides between deep links and a QR code. */
  platform(): Platform;
  /** Opens a wallet's deep link (the app, or its universal link in a new tab). */
  openLink(href: string): void;
  /** The wallet catalogue on the site's server, when configured. */
  catalogue?: WalletCatalogueApi;
  balanceCache: Map<string, { at: number; balance: Balance; tokens: readonly TokenBalance[]; balanceUsd?: number; outdated?: boolean }>;
  /** Balance reads in flight, so concurrent refreshes share one request. */
  balanceInFlight: Map<string, Promise<unknown>>;
  identityCache: Map<string, { at: number; identity: Identity }>;
  /** When a failed balance read may be retried, per network and address. */
  balanceRetryAt: Map<string, number>;
  now(): number;
  /** Resets what every wallet feature forgets (features/features.ts lists them). */
  resetFeatures(on: FeatureReset): void;
  /** The wallet features' connector sessions by connector id (the e-mail/social login's): disconnect ends them, reconnect restores them. */
  sessions: ReadonlyMap<string, FeatureSession>;
}

/** SPEC §4: a wallet feature's connector whose one session spans namespaces; disconnect and reconnect reach it by its id. */
export interface FeatureSession {
  connectorId: string;
  /** A disconnect reached one of its namespaces: the session ends for them all. */
  end(ctx: CairnContext): Promise<void>;
  /** A page load with the connector remembered: restores the session; resolves whether it stands. */
  restore(ctx: CairnContext): Promise<boolean>;
}

export function adapterFor(ctx: CairnContext, namespace: ChainNamespace): ChainAdapter {
  const adapter = ctx.options.adapters.find((candidate) => candidate.namespace === namespace);
  if (!adapter) throw new Error(ErrorText.chainAdapterNotFound);
  return adapter;
}

export function accountFor(ctx: CairnContext, namespace: ChainNamespace): AccountStore {
  const account = ctx.accounts.get(namespace);
  if (!account) throw new Error(ErrorText.chainAdapterNotFound);
  return account;
}

export function activeAccount(ctx: CairnContext): AccountStore {
  return accountFor(ctx, ctx.network.get().activeNamespace);
}
