// `@cairn/core/rules`: the pure rules and formats of SPEC that a renderer shows, so that every
// renderer (the React modal, the custom elements, a site's own) orders, groups and words things
// the same way. Each is a pure function or a constant, tested beside its module.

// SPEC §9: amounts, balances, USD and addresses as the modal shows them.
export { shortenAddress, formatUnits, parseUnits, formatAmount, formatBalance, formatUsd, isSafeImageUrl } from '../format.ts';
// The network of an id among the site's networks (the network store's state).
export { findNetwork } from '../stores/network.ts';
// SPEC §3: whether the connected wallet approved a network (Networks greys out the others).
export { isNetworkApproved } from './networkApproval.ts';
// SPEC §9: the Connect view's connector order, and the catalogue's rows with their tags.
export { orderConnectors, type ConnectorListItem } from './connectorSections.ts';
export { connectorOrder, type ConnectRow, type ConnectorOrderInput } from './connectorOrder.ts';
// SPEC §9: the legal checkbox and collapsed wallets on Connect.
export { connectWalletsLayout, type ConnectWalletsLayout } from './connectWallets.ts';
// SPEC §9 smartSessions: which calls the permissions flow may send the wallet.
export { smartSessionRefusal, SMART_SESSION_METHODS } from './smartSessions.ts';
export type { ConnectorSection } from '../constants.ts';
export { orderCatalogueWallets, catalogueTagger, connectViewCatalogue, type CatalogueWallet, type CatalogueTag } from './catalogueOrder.ts';
// SPEC §9: the wallet features Account offers, in order, from the site's switches.
export { walletFeaturesFor, WALLET_FEATURES, type WalletFeature } from './walletFeatures.ts';
// SPEC §2: Activity's months, and what each transaction says.
export { monthSections, groupTransactionsByYear, filterTransactions, type MonthSection, type TransactionsByYear } from './transactionList.ts';
export { describeTransaction, PURCHASE_TITLES, TRANSACTION_TITLES, type TransactionAmount, type TransactionDescription } from './transactionDescription.ts';
export { activityDate } from './activityDate.ts';
export { activityAmount, type ActivityAmount } from './activityAmount.ts';
// Where a shown name may wrap: between its labels, never at a hyphen.
export { nameParts, type NamePart } from './nameParts.ts';
// SPEC §5: whether the connected account may register a name.
export { offersNameRegistration } from './accountName.ts';
export { accountTypeSwitch } from './accountTypeSwitch.ts';
// SPEC §9: which login options Connect offers (e-mail, the social providers).
export { connectLoginOptions } from './socialLogin.ts';
// The texts the core's flows set on their stores, so a view and a test name the same text.
export { WalletListText } from '../features/catalogue/walletListStore.ts';
export { WalletConnectText } from '../features/walletConnect/walletConnectText.ts';
export { SWAP_TEXTS } from './swap/swapSummary.ts';
export { NAME_RULE_TEXT } from '../features/names/nameRuleText.ts';
export { EmbeddedLoginText } from '../features/embeddedWallet/embeddedLoginText.ts';
// An error's message for display, whatever was thrown.
export { errorMessage } from '../errors.ts';
// SPEC §5: Send's texts per field, its outcome (pending, confirmed, failed with the node's reason).
export { SEND_FIELD_TEXTS, TOO_MANY_DECIMALS } from './send/sendFieldErrors.ts';
export { SEND_OUTCOME_TEXTS, REVERTED_WITH_REASON, type SendOutcome } from './send/sendOutcome.ts';
export { SendText } from './send/sendSummary.ts';
// SPEC's identity rule: the account's name where it has one, else its short address.
export { accountDisplayName } from './accountDisplayName.ts';
// The e-mail login's one-time code: one rule for the widget, the frame and the server.
export { EMAIL_CODE_DIGITS, EMAIL_CODE_PATTERN, isEmailCode, emailCodeFrom } from './emailCode.ts';

// The languages of the modal and the secure frame, and their catalogues' lookup (issue 17, issue 27).
export { SUPPORTED_LOCALES, matchLocale, isRightToLeft, isSupportedLocale, widgetLocale, type SupportedLocale, type Catalogue } from '../i18n/locales.ts';
export { translate, fill, translator, placeholdersOf, type Translate } from '../i18n/translate.ts';
export { sourceTextIds, catalogueTextIds } from '../i18n/textIds.ts';
