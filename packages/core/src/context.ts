import type { Events } from './events.ts';
import type { ResolvedOptions } from './options.ts';
import type { Router } from './router.ts';
import type { SafeStorage } from './storage.ts';
import type { AccountStore } from './stores/account.ts';
import type { ConnectionStore } from './stores/connection.ts';
import type { ModalStore } from './stores/modal.ts';
import type { NetworkStore } from './stores/network.ts';
import type { SendStore } from './stores/send.ts';
import type { Balance, ChainAdapter, ChainNamespace } from './types.ts';
import { ErrorText } from './errors.ts';
import type { BlockchainApi, Identity, TokenBalance } from './api/blockchainApi.ts';
import type { AuthApi } from './api/authApi.ts';
import type { SiwxStore } from './stores/siwx.ts';

/** Everything an action may touch. Built once in createCairn; actions take it as their first argument. */
export interface CairnContext {
  options: ResolvedOptions;
  storage: SafeStorage;
  events: Events;
  router: Router;
  modal: ModalStore;
  connection: ConnectionStore;
  network: NetworkStore;
  accounts: ReadonlyMap<ChainNamespace, AccountStore>;
  send: SendStore;
  /** The site's Cairn server, when configured. */
  api?: BlockchainApi;
  /** Sign-in calls to the site's server, when sign-in is enabled. */
  auth?: AuthApi;
  siwx: SiwxStore;
  balanceCache: Map<string, { at: number; balance: Balance; tokens: readonly TokenBalance[]; balanceUsd?: number }>;
  /** Balance reads in flight, so concurrent refreshes share one request. */
  balanceInFlight: Map<string, Promise<unknown>>;
  identityCache: Map<string, { at: number; identity: Identity }>;
  /** When a failed balance read may be retried, per network and address. */
  balanceRetryAt: Map<string, number>;
  now(): number;
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
