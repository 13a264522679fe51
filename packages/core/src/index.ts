export { createCairn, type Cairn } from './createCairn.ts';
export type { CairnOptions, CairnMetadata, CairnFeatures, ResolvedOptions } from './options.ts';
export type { OpenOptions } from './actions/modal.ts';
export type { CairnRequestSchemas, CairnRequestFn, UntypedRequestArguments, UntypedRequestFn } from './requestTypes.ts';
export { createStore, type Store, type Listener } from './createStore.ts';
export { whenIdle } from './whenIdle.ts';
export { lazyModule, type LazyModule } from './lazyModule.ts';
export { createRouter, type Router, type RouteEntry, type RouteData, type ViewName } from './router.ts';
export { createEvents, type Events, type CairnEvent, type CairnEventName, type CairnEventListener } from './events.ts';
export { createSafeStorage, memoryStorage, type StorageLike, type SafeStorage, type RecentWallet } from './storage.ts';
export { ErrorText, USER_REJECTED_CODE, isUserRejection, errorMessage } from './errors.ts';
export * from './constants.ts';
export * from './caip.ts';
export { shortenAddress, formatUnits, formatAmount, formatBalance, formatUsd, isSafeImageUrl } from './format.ts';
export { THEME_VARIABLES, THEME_MODES, type ThemeMode, type ThemeVariable, type ThemeVariables } from './theme.ts';
export { orderConnectors, type ConnectorListItem } from './rules/connectorSections.ts';
export { shouldShowUnsupportedChain } from './rules/unsupportedChain.ts';
export { findNetwork, type NetworkState, type NetworkStore } from './stores/network.ts';
export type { AccountState, AccountStore } from './stores/account.ts';
export type { ConnectionState, ConnectionStore, ConnectingState } from './stores/connection.ts';
export type { ModalState, ModalStore } from './stores/modal.ts';
export type { SendState, SendStore } from './stores/send.ts';
export type * from './types.ts';
export { fetchWithRetry, jsonRpcRequest, HttpError, JsonRpcError, type FetchOptions } from './http.ts';
export { SDK_TYPE, SDK_VERSION, type ApiConfig } from './api/apiConfig.ts';
export { createBlockchainApi, type BlockchainApi, type TokenBalance, type Identity } from './api/blockchainApi.ts';
export { parseUnits } from './format.ts';
export { createAuthApi, type AuthApi, type ServerSession } from './api/authApi.ts';
export type { SiwxState, SiwxStore, SiwxSession } from './stores/siwx.ts';
export type { SiwxOptions } from './options.ts';
export { WalletListText, type WalletListState, type WalletListStore, type Timers } from './stores/walletList.ts';
export {
  orderCatalogueWallets,
  catalogueTagger,
  connectViewCatalogue,
  findInstalledConnector,
  type CatalogueWallet,
  type CatalogueTag,
} from './rules/catalogueOrder.ts';
// Types only: createCairn builds the client; views reach the catalogue through the Cairn object.
export type { WalletCatalogueApi, WalletPage, GetWalletsParams } from './api/walletCatalogueApi.ts';
export { walletConnectLinks, type WalletLink, type WalletLinkKind } from './rules/walletDeepLink.ts';
export { detectPlatform, currentPlatform, type Platform } from './rules/platform.ts';
export type { WalletConnectState, WalletConnectStatus, WalletConnectStore } from './stores/walletConnect.ts';
export { WALLET_CONNECT_CONNECTOR_ID } from './walletConnect/walletConnectConnector.ts';
export { WalletConnectText } from './walletConnect/walletConnectText.ts';
export type { StartWalletConnectOptions } from './actions/walletConnect/startWalletConnect.ts';
export type { WalletConnectClient, WalletConnectSessionInfo } from './walletConnect/walletConnectClient.ts';
export { isWalletConnectPlugin, type WalletConnectPlugin, type WalletConnectClientParams } from './walletConnect/walletConnectPlugin.ts';
