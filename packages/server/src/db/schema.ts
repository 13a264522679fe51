import type { Generated } from 'kysely';

/**
 * Table types. Addresses and hashes are stored lowercase; amounts (uint256) as decimal strings;
 * block numbers and timestamps (seconds) as integers (bigint in PostgreSQL, read back as numbers).
 */
export interface Database {
  blocks: BlocksTable;
  transactions: TransactionsTable;
  transfers: TransfersTable;
  account_transactions: AccountTransactionsTable;
  tokens: TokensTable;
  nft_items: NftItemsTable;
  names: NamesTable;
  auth_nonces: AuthNoncesTable;
  auth_sessions: AuthSessionsTable;
  onramp_purchases: OnrampPurchasesTable;
  login_users: LoginUsersTable;
  login_identities: LoginIdentitiesTable;
  email_attempts: EmailAttemptsTable;
  email_code_cooldowns: EmailCodeCooldownsTable;
  login_sessions: LoginSessionsTable;
  login_wallets: LoginWalletsTable;
  login_devices: LoginDevicesTable;
  login_device_requests: LoginDeviceRequestsTable;
  device_challenges: DeviceChallengesTable;
  social_flows: SocialFlowsTable;
  farcaster_channels: FarcasterChannelsTable;
  daily_counts: DailyCountsTable;
  name_nonces: NameNoncesTable;
  indexer_leases: IndexerLeasesTable;
  used_proofs: UsedProofsTable;
}

/** A wallet-key proof used once (sign-out-others), by its message's hash, kept while it could still pass the proof window (ms since the epoch). */
export interface UsedProofsTable {
  proof_hash: string;
  expires_at: number;
}

/** Which replica indexes a chain, until when (ms since the epoch). */
export interface IndexerLeasesTable {
  chain_id: number;
  holder: string;
  expires_at: number;
}

export interface BlocksTable {
  chain_id: number;
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
}

export interface TransactionsTable {
  chain_id: number;
  hash: string;
  block_number: number;
  tx_index: number;
  from_address: string;
  /** null for a contract creation. */
  to_address: string | null;
  /** The created contract, for a contract creation. */
  created_address: string | null;
  value: string;
  /** 1 success, 0 reverted. */
  status: number;
  nonce: number;
  /** First four bytes of the call data, e.g. 0x095ea7b3 (approve); null for a plain transfer. */
  selector: string | null;
  timestamp: number;
}

export type TransferStandard = 'native' | 'erc20' | 'erc721';

export interface TransfersTable {
  chain_id: number;
  tx_hash: string;
  /** The log's index in its block; -1 for the transaction's own native value. */
  log_index: number;
  block_number: number;
  standard: TransferStandard;
  /** The token contract; null for the native coin. */
  contract: string | null;
  from_address: string;
  to_address: string;
  /** Token amount in base units; 1 for an ERC-721 item. */
  amount: string;
  /** ERC-721 token id. */
  token_id: string | null;
}

/** One row per (address, transaction) the address takes part in: the history index. */
export interface AccountTransactionsTable {
  chain_id: number;
  address: string;
  tx_hash: string;
  block_number: number;
  tx_index: number;
  timestamp: number;
}

export interface TokensTable {
  chain_id: number;
  address: string;
  standard: 'erc20' | 'erc721';
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

export interface NftItemsTable {
  chain_id: number;
  contract: string;
  token_id: string;
  name: string | null;
  image_url: string | null;
}

export interface NamesTable {
  /** Full name, e.g. alice.cairn.id (lowercase). */
  name: string;
  address: string;
  avatar: string | null;
  created_at: number;
  /** The registration's signed timestamp (seconds); null for names from before 0009. */
  signed_at: number | null;
}

/** A nonce GET /v1/profile/nonce issued; used_at is set once, when a registration takes it. */
export interface NameNoncesTable {
  nonce: string;
  expires_at: number;
  used_at: number | null;
}

/** How many of a capped thing (an onramp payout, a name registration) one key had on one UTC day. */
export interface DailyCountsTable {
  /** What is counted, e.g. 'onramp-address', 'onramp-ip', 'onramp-all'. */
  scope: string;
  /** Whose: an address, a client network, or '' for everyone together. */
  key: string;
  /** Days since the epoch, UTC. */
  day: number;
  count: number;
}

/** Ether bought through the onramp provider and paid to `address` by the transaction `hash`. */
export interface OnrampPurchasesTable {
  hash: string;
  /** The provider's id, as the history's `onramp` parameter names it. */
  provider: string;
  chain_id: number;
  /** Lowercase, as `sent_from`. */
  address: string;
  sent_from: string;
  fiat_amount: string;
  fiat_currency: string;
  /** Wei, decimal. */
  crypto_amount: string;
  created_at: number;
  /** Issue 28: pending until the payment is mined, then confirmed or failed (with the block's time, ms). */
  status: OnrampPurchaseStatus;
  mined_at: number | null;
}

export type OnrampPurchaseStatus = 'pending' | 'confirmed' | 'failed';

/** A sign-in nonce this server issued (EIP-4361); used_at is set once, when a sign-in consumes it. */
export interface AuthNoncesTable {
  nonce: string;
  /** ms since the epoch. */
  expires_at: number;
  used_at: number | null;
  /** Signatures that failed against this nonce; at MAX_FAILED_ATTEMPTS it is burnt. */
  failed_attempts: Generated<number>;
}

/** A wallet sign-in session. Only the token's SHA-256 is kept; times are ms since the epoch. */
export interface AuthSessionsTable {
  id: string;
  token_hash: string;
  /** As the namespace keys it: eip155 lowercase, solana base58 as written. */
  address: string;
  /** CAIP-2 (`eip155:1`, `solana:localnet`); 0006 turned the former numbers into eip155 ids. */
  chain_id: string;
  domain: string;
  uri: string;
  nonce: string;
  /** The message's Issued At, as written in it. */
  issued_at: string;
  /** When the session ends: the message's Expiration Time or the session TTL, whichever is sooner. */
  expiration_time: number;
  message: string;
  signature: string;
  created_at: number;
  revoked_at: number | null;
}

/** A visitor who logs in without a wallet (e-mail or a social provider). */
export interface LoginUsersTable {
  id: string;
  /** The verified e-mail address (lowercase), when there is one. */
  email: string | null;
  created_at: number;
}

/** How a user is found: (provider, subject), e.g. ('email', 'ann@example.com'), ('github', '1234'). */
export interface LoginIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: number;
}

/**
 * An e-mail code request (0008, issue 22): the attempt that asked for a code, found by its id's
 * keyed hash, with the code's keyed hash. Kept an hour (the address's recent codes set the next
 * one's price); at most MAX_LIVE_ATTEMPTS live per (purpose, address).
 */
export interface EmailAttemptsTable {
  attempt_hash: string;
  /** 'login', or an e-mail update's 'update-primary' / 'update-secondary'. */
  purpose: string;
  email: string;
  /** 'spent' once used, burnt by wrong codes, or pushed out by newer attempts. */
  code_hash: string;
  /** SHA-256 of the proof-of-work challenge that paid for it: each pays for one code. */
  proof_hash: string;
  /** For an update: the user whose e-mail changes. */
  user_id: string | null;
  /** For an update's primary step: the address the secondary code goes to. */
  next_email: string | null;
  sent_at: number;
  expires_at: number;
  failed_attempts: number;
}

/** SPEC §5's 30 s between two codes, per (purpose, address, requester): a stranger cannot hold an owner's window. */
export interface EmailCodeCooldownsTable {
  purpose: string;
  email: string;
  /** Keyed hash of who asked: the client's IP for a login, the user for an update. */
  requester: string;
  sent_at: number;
}

/** A login (after a code or a social provider). Only the token's keyed hash is kept. */
export interface LoginSessionsTable {
  token_hash: string;
  user_id: string;
  provider: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Pairing codes typed with this login, right or wrong (0015, session 21): how many since `code_tries_start`. */
  code_tries: Generated<number>;
  code_tries_start: Generated<number>;
  /** The device that opened the wallet with this login (0016, session 22): removing it ends the login. */
  device_id: Generated<string | null>;
}

/** A user's embedded wallet: its address and the server's half of the recovery pair. */
export interface LoginWalletsTable {
  user_id: string;
  /** Lowercase. */
  address: string;
  /** The server's recovery share: useless without the recovery blob's share, which needs the user's factor. */
  recovery_auth_share: string;
  /** The recovery share encrypted in the browser under a factor the server never sees. */
  recovery_blob: string;
  created_at: number;
  /** Recovery releases (0008, issue 22): the first one of the current 24 hours, and how many since. */
  recovery_window_start: Generated<number>;
  recovery_releases: Generated<number>;
}

/** A device of an embedded wallet: its non-extractable key (public JWK) and the server's share of its pair. */
/** A new device's request to open the wallet (issue 27); `sealed_share` once a device approved it. */
export interface LoginDeviceRequestsTable {
  id: string;
  user_id: string;
  device_id: string;
  /** The new device's ECDSA P-256 key (SPKI, base64url): what it will prove releases with. */
  device_public_key: string;
  /** The new device's ECDH P-256 key (SPKI, base64url): its device share is sealed to it. */
  exchange_key: string;
  created_at: number;
  /** The device share sealed to `exchange_key` (JSON), set by the approving device. */
  sealed_share: string | null;
  /** The keyed hash of the login that made it (0015): requests are bounded per login. */
  login_hash: string;
  /** SHA-256 of its pairing code (0015): how a device with the wallet open finds it. */
  code_hash: string;
  /** The browser family its User-Agent names (0019), from core's closed list, or null. */
  requester_browser: string | null;
  /** The system its User-Agent names (0019), from core's closed list, or null. */
  requester_system: string | null;
  /** The keyed hash of the requester's network (0019: the rate limiter's client key under LOGIN_SECRET), never the address. */
  requester_network: string;
}

export interface LoginDevicesTable {
  id: string;
  user_id: string;
  /** The device key's ECDSA P-256 public half: SPKI, base64url. */
  public_key: string;
  auth_share: string;
  created_at: number;
  last_used_at: number | null;
}

export interface DeviceChallengesTable {
  device_id: string;
  challenge: string;
  expires_at: number;
}

/** A social login in progress (OAuth 2 / OpenID Connect code flow with PKCE). */
export interface SocialFlowsTable {
  id: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  /** Keyed hash of the secret the starting frame holds: only it finishes the login. */
  secret_hash: string;
  /** 'used' once the frame presented the provider's answer: a second presentation gives nothing. */
  status: 'pending' | 'used';
  /** The frame that started the flow (its start request's Origin): the only origin the callback page posts the code to. */
  frame_origin: string;
  /** Keyed hash of the browser key cookie offered at start (same-site frames), or null. */
  browser_key_hash: string | null;
  /** When the browser showed that cookie back: from then on the flow finishes only with it. */
  browser_bound_at: number | null;
  expires_at: number;
}

/** A Sign In With Farcaster relay channel (0012): the app's request and, once signed, the wallet app's answer, both JSON. */
export interface FarcasterChannelsTable {
  token_hash: string;
  nonce: string;
  request: string;
  answer: string | null;
  expires_at: number;
  /** (0014) SHA-256 of the secret the frame that opened the channel keeps, base64url: only it completes the login. */
  completion_hash: string | null;
  /** (0016) The fid and the name the server checked in the name registry, JSON, once the frame asked: the visitor confirms it before the login. */
  checked: string | null;
}
