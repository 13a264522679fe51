// SPEC §8: the error texts, meant literally. Views and tests import them from here.
export const ErrorText = {
  failedToDisconnect: 'Failed to disconnect',
  chainAdapterNotFound: 'Chain adapter not found',
  networkNotSupportedForGasPrice: 'Network not supported for Gas Price',
  networkNotSupportedForSwaps: 'Network not supported for Swaps',
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  signatureDeclined: 'Signature declined',
  smartAccountsUnsupported: 'This application might not support Smart Accounts',
  authenticating: 'Authenticating...',
  siwxInitFailed: 'A problem occurred while trying initialize authentication',
  failedToFetchTransactions: 'Failed to fetch transactions',
  rpcCallNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  somethingWentWrong: 'Something went wrong',
  unsupportedChain: 'Unsupported chain',
  transactionStarted: 'Transaction started',
  failedToSendTransaction: 'Failed to send transaction. Please try again.',
  invalidAmountOrReceiver: 'Please enter a valid amount and receiver address',
  connectionRejected: 'Connection declined',
  connectionFailed: 'Connection failed',
  networkNotFound: 'Network not found',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNamesForAddress: 'Error fetching names for address',
  errorResolvingName: 'Error resolving name',
  httpStatus: (status: number) => `HTTP status code: ${status}`,
  // SPEC §8: the secure frame's errors.
  frameErrorOccurred: 'An error occurred',
  requestAborted: 'Request was aborted',
  frameLoadFailed: 'Unable to load email login dependency',
  // SPEC §5: e-mail login within 30 s of the previous one; the server's rate limits answer with it too.
  emailLoginTooSoon: (seconds: number) => `Please try again after ${seconds} seconds`,
  // SPEC §8 wallet-kit alerts, shown as the modal's toast when they happen (alerts.ts).
  networkNotFoundAlert: 'Network Not Found',
  invalidAppConfiguration: 'Invalid App Configuration',
  sessionExpired: 'Session Expired',
  projectIdNotConfigured: 'Project ID Not Configured',
} as const;

/**
 * SPEC §8's adapter and controller texts: thrown to the site's own code, never shown in the modal
 * (so not translated). Each is followed by what was missing.
 */
export const DeveloperErrorText = {
  networkClientNotSet: 'NetworkController client not set',
  connectionClientNotSet: 'ConnectionController client not set',
  /** SPEC names it 'Chain is required...': the rest says what for. */
  chainRequired: (purpose: string) => `Chain is required ${purpose}`,
} as const;

/** EIP-1193 §"Provider Errors": the user rejected the request. */
export const USER_REJECTED_CODE = 4001;

export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === USER_REJECTED_CODE;
}

export function errorMessage(error: unknown, fallback: string = ErrorText.somethingWentWrong): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
