// SPEC §9: business constants and limits (the address and amount display constants are in format.ts).
export const RECENT_WALLETS_MAX = 2;
export const BALANCE_CACHE_MS = 30_000;
/** SPEC §8/§9: after a failed balance read, retries are blocked for 30 s. */
export const BALANCE_RETRY_BLOCK_MS = 30_000;
export const NAME_CACHE_MS = 5 * 60_000;
export const IDENTITY_CACHE_MS = 5 * 60_000;
/** SPEC §9 query cache: a failed read is tried again 3 times, waiting 1 s, doubling, at most 30 s. */
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_MAX_MS = 30_000;
/** SPEC §9: a read no one has asked for in 5 minutes is dropped from the query cache. */
export const QUERY_GC_MS = 5 * 60_000;
export const DEFAULT_NUMBER_DECIMALS = 2;
export const WALLETS_RECOMMENDED_COUNT = 4;
export const WALLETS_PAGE_SIZE = 40;
export const WALLETS_SEARCH_COUNT = 100;
export const WALLET_SEARCH_DEBOUNCE_MS = 300;
export const HTTP_RETRIES = 3;
export const HTTP_RETRY_BASE_MS = 150;
export const HTTP_RETRY_STATUSES: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504];
export const JSON_RPC_TIMEOUT_MS = 10_000;
/** SPEC §8: the JSON-RPC errors retried like the HTTP statuses above: the node over its limit (-32005), or failing inside (-32603). */
export const RETRYABLE_RPC_CODES: readonly number[] = [-32005, -32603];
/** SPEC §9: at most this many identical reads wait on one request in flight. */
export const REQUEST_DEDUPE_CACHE_SIZE = 8192;
export const MODAL_SHAKE_MS = 500;
/** How long reconnect waits for an EIP-6963 wallet to announce itself after a reload. */
export const ANNOUNCE_WAIT_MS = 600;
export const STORAGE_PREFIX = '@cairn/';
/** SPEC §9: e-mail login cooldown; connect-type frame requests (e-mail, device, otp, social, social redirect) time out after 30 s. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000;
export const FRAME_CONNECT_TIMEOUT_MS = 30_000;
/** SPEC §4/§9: the frame client's init waits for the frame-ready event plus 500 ms (the iframe reload wait). */
export const FRAME_READY_WAIT_MS = 500;

/** SPEC §9: connector order in the Connect view. `announced` sits with injected (issue 2). */
export const CONNECTOR_SECTION_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'announced',
  'featured',
  'custom',
  'external',
  'recommended',
] as const;
export type ConnectorSection = (typeof CONNECTOR_SECTION_ORDER)[number];

/** SPEC §9: swap slippage tolerance default 1 (percent); the swap toast's delay. */
export const SWAP_SLIPPAGE_DEFAULT = 1;
export const SWAP_TOAST_DELAY_MS = 150;
/** How long Swap waits after the last keystroke before asking for a quote. */
export const SWAP_QUOTE_DEBOUNCE_MS = 300;
