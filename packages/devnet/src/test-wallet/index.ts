export { createTestWalletProvider } from './createTestWalletProvider.ts';
export { announceTestWallet, type AnnounceOptions, type AnnounceTarget } from './announce.ts';
export { injectTestWallet, DEFAULT_WALLET_CHAINS, type TestWalletHandle, type TestWalletOptions } from './injectTestWallet.ts';
export { DEFAULT_WALLET_INFOS } from './defaultWallets.ts';
export { ProviderRpcError } from './errors.ts';
export type { CairnTestWalletGlobal } from './browserGlobals.ts';
export type {
  AuthorizationStorage,
  Eip1193Provider,
  ProviderEvent,
  ProviderListener,
  RequestArguments,
  TestWalletControls,
  TestWalletInfo,
  TestWalletProvider,
  TestWalletProviderOptions,
} from './types.ts';
