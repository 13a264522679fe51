// `@cairn/core/internal`: what Cairn's own packages (the renderer, the adapters, the server) share
// with the core and a site does not need. No stability promise: it moves with the packages.
export { createStore } from './createStore.ts';
export { whenIdle } from './whenIdle.ts';
export { lazyModule, type LazyModule } from './lazyModule.ts';
export { lazyChainAdapter, type LazyChainAdapterOptions, type LazyOptionalMethod } from './lazyChainAdapter.ts';
export { preferredAccountsFirst, type PreferredAccountType } from './rules/preferredAccountType.ts';
export { NAMESPACES, isChainNamespace } from './namespaces.ts';
export { createRouter, type CoreViewName } from './router.ts';
export { createEvents } from './events.ts';
export { createSafeStorage, type SafeStorage } from './storage.ts';
export { errorMessage } from './errors.ts';
export * from './constants.ts';
export { shortenAddress, formatUnits, formatAmount, formatBalance, formatUsd, isSafeImageUrl, parseUnits } from './format.ts';
export { orderConnectors, type ConnectorListItem } from './rules/connectorSections.ts';
export { shouldShowUnsupportedChain } from './rules/unsupportedChain.ts';
export { frameRpcPermission, FRAME_READ_METHODS, FRAME_APPROVAL_METHODS, type FrameRpcPermission } from './rules/frameRpcPermission.ts';
export { emailLoginWaitSeconds, emailLoginThrottleError } from './rules/emailLoginThrottle.ts';
export { feeFieldsError, type FeeFields } from './rules/send/feeFields.ts';
export { sendCallsError } from './rules/send/sendCallsValidation.ts';
export { SEND_FIELD_TEXTS, TOO_MANY_DECIMALS } from './rules/send/sendFieldErrors.ts';
export { SEND_OUTCOME_TEXTS, REVERTED_WITH_REASON, type SendOutcome } from './rules/send/sendOutcome.ts';
export { SendText } from './rules/send/sendSummary.ts';
export { findNetwork } from './stores/network.ts';
export { fetchWithRetry, jsonRpcRequest, HttpError, JsonRpcError, RequestTimeoutError, type FetchOptions } from './http.ts';
export { isTransientFailure } from './cache/queryCache.ts';
export { SDK_TYPE, SDK_VERSION } from './api/apiConfig.ts';
export { createBlockchainApi, tokenBalanceSchema, type BlockchainApi } from './api/blockchainApi.ts';
export { parseResponse } from './api/getJson.ts';
export { createAuthApi, type AuthApi } from './api/authApi.ts';
export { WalletListText, type Timers } from './features/catalogue/walletListStore.ts';
export {
  orderCatalogueWallets,
  catalogueTagger,
  connectViewCatalogue,
  findInstalledConnector,
  type CatalogueWallet,
  type CatalogueTag,
} from './rules/catalogueOrder.ts';
export type { WalletCatalogueApi } from './api/walletCatalogueApi.ts';
export { walletConnectLinks, type WalletLink, type WalletLinkKind } from './rules/walletDeepLink.ts';
export { detectPlatform, currentPlatform, type Platform } from './rules/platform.ts';
export { WalletConnectText } from './features/walletConnect/walletConnectText.ts';
export { walletFeaturesFor, WALLET_FEATURES, type WalletFeature } from './rules/walletFeatures.ts';
export { filterTransactions, groupTransactionsByYear, monthSections, type MonthSection, type TransactionsByYear } from './rules/transactionList.ts';
export { describeTransaction, PURCHASE_TITLES, TRANSACTION_TITLES, type TransactionAmount, type TransactionDescription } from './rules/transactionDescription.ts';
export { activityDate } from './rules/activityDate.ts';
export { activityAmount, type ActivityAmount } from './rules/activityAmount.ts';
export { createHistoryApi, parseHistoryPage, OPERATION_TYPES, type HistoryApi } from './api/historyApi.ts';
export { isValidNameLabel, nameRegistrationMessage, parseNameRegistration, offersNameRegistration, type NameRegistration } from './rules/accountName.ts';
export { accountDisplayName } from './rules/accountDisplayName.ts';
export {
  createConvertApi,
  NATIVE_TOKEN_ADDRESS,
  swapTokensSchema,
  swapQuotesSchema,
  allowanceSchema,
  approveTransactionSchema,
  swapTransactionSchema,
  type ConvertApi,
  type SwapToken,
  type SwapQuote,
  type ApproveTransaction,
  type SwapTransaction,
} from './api/convertApi.ts';
export { SWAP_TEXTS } from './rules/swap/swapSummary.ts';
export { NAME_RULE_TEXT } from './features/names/nameRuleText.ts';
export { isValidEmail, normalizeEmail } from './rules/emailLogin.ts';
export { EMAIL_CODE_DIGITS, EMAIL_CODE_PATTERN, isEmailCode, emailCodeFrom } from './rules/emailCode.ts';
export { solvesEmailCodeChallenge, solveEmailCodeChallenge, PROOF_NONCE, type EmailCodeProof } from './rules/emailCodeProof.ts';
export { pairingCode, readPairingCode, type PairingCodeInput } from './rules/pairingCode.ts';
export { requesterDevice, REQUESTER_BROWSERS, REQUESTER_SYSTEMS, type RequesterDevice, type RequesterBrowser, type RequesterSystem } from './rules/requesterDevice.ts';
export { isDevicePublicKey, deviceKeyThumbprint, embeddedWalletProofMessage, authShareReleaseMessage, type DevicePublicKey, type EmbeddedWalletAction } from './rules/embeddedWallet.ts';
export { SOCIAL_LOGIN_PROVIDERS, isSocialLoginProvider, connectLoginOptions, type SocialLoginProvider } from './rules/socialLogin.ts';
export {
  createLoginApi,
  loginUserSchema,
  loginSchema,
  embeddedWalletSchema,
  recoverySchema,
  socialCallbackSchema,
  SOCIAL_CALLBACK_PARAMS,
  SOCIAL_CALLBACK_MESSAGE,
  type SocialCallback,
  type LoginApi,
  type LoginUser,
  type Login,
  type SocialStart,
  type EmbeddedWalletInfo,
  type WalletRecovery,
  type EmailAttempt,
  type DeviceProof,
  type DeviceEnrollment,
  type DeviceRequest,
  type FoundDeviceRequest,
  type WalletDevice,
  type DeviceRequestStatus,
  type SealedForDevice,
  type FarcasterCheck,
} from './api/loginApi.ts';
export { EmbeddedLoginText } from './features/embeddedWallet/embeddedLoginText.ts';
export { watchWalletRegistry, type WalletRegistryEvents } from './watchWalletRegistry.ts';
