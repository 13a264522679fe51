/** A Substrate development account: its secret is the dev phrase with a hard derivation (`//Alice`). */
export type PolkadotTestAccount = { name: string; uri: `//${string}`; /** SS58, generic Substrate prefix 42. */ address: string };

/**
 * The well-known development accounts (sr25519 from the dev phrase), funded with
 * POLKADOT_ACCOUNT_BALANCE on the local Polkadot chain. Their addresses are checked against a
 * real derivation in polkadotAccounts.test.ts.
 */
export const POLKADOT_TEST_ACCOUNTS: readonly PolkadotTestAccount[] = [
  { name: 'Alice', uri: '//Alice', address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY' },
  { name: 'Bob', uri: '//Bob', address: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty' },
  { name: 'Charlie', uri: '//Charlie', address: '5FLSigC9HGRKVhB9FiEo4Y3koPsNmBmLJbpXg2mp1hXcS59Y' },
  { name: 'Dave', uri: '//Dave', address: '5DAAnrj7VHTznn2AWBemMuyBwZWs6FNFjdyVXUeYum3PTXFy' },
  { name: 'Eve', uri: '//Eve', address: '5HGjWAeFDfFCWPsjFQdVV2Msvz2XtMktvgocEZcCj68kUMaw' },
];

/** The chain's native coin: Rococo Asset Hub's ROC, 12 decimals. */
export const POLKADOT_NATIVE_CURRENCY = { name: 'Rococo', symbol: 'ROC', decimals: 12 } as const;

/** What each test account holds at start: 1,000,000 ROC, in planck. */
export const POLKADOT_ACCOUNT_BALANCE = 1_000_000n * 10n ** 12n;

/**
 * Chopsticks gives a chain started from a genesis spec this fixed genesis hash, so its CAIP-2 id
 * (`polkadot:` + the hash's first 32 hex digits) is the same every run.
 */
export const POLKADOT_DEVNET_GENESIS_HASH = `0x${'45'.repeat(32)}`;
export const POLKADOT_DEVNET_NETWORK_ID = '45'.repeat(16);
