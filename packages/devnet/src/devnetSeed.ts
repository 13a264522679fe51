import { parseEther, parseUnits } from 'viem';

/** What startDevnet mints on every chain; other packages' tests can assert against these. */
export const DEVNET_TOKENS = {
  cairnToken: { name: 'Cairn Token', symbol: 'CAIRN', decimals: 18, balancePerTestAccount: parseUnits('1000', 18) },
  testUsd: { name: 'Test USD', symbol: 'TUSD', decimals: 6, balancePerTestAccount: parseUnits('5000', 6) },
  zeroToken: { name: 'Zero Decimal Token', symbol: 'ZERO', decimals: 0, balancePerTestAccount: 7n },
} as const;

/** Test account i owns testNft item i + 1; account 0 also owns spamNft item 1. */
export const DEVNET_NFTS = {
  testNft: { name: 'Cairn Test NFT', symbol: 'CNFT' },
  spamNft: { name: 'Claim Free Airdrop', symbol: 'CLAIM' },
} as const;

/** Account 0's native balance differs per chain, so a network switch visibly changes it. */
export const ACCOUNT0_NATIVE_BALANCE: Readonly<Record<number, bigint>> = {
  31337: parseEther('10000'), // anvil's default, untouched
  31338: parseEther('42'), // set with anvil_setBalance after deploying
};

/**
 * The AMM's pools, seeded by the deployer at fixed prices against TUSD, the devnet's USD:
 * CAIRN at 2.5 TUSD, Ether (as WETH) at 2000 TUSD. A million TUSD deep each, so a swap of a test
 * account's whole balance moves the price by well under one percent, as on a real market.
 */
export const DEVNET_POOLS = {
  cairnTusd: { token: 'cairnToken', tokenReserve: parseUnits('400000', 18), tusdReserve: parseUnits('1000000', 6), priceUsd: 2.5 },
  wethTusd: { token: 'weth', tokenReserve: parseEther('500'), tusdReserve: parseUnits('1000000', 6), priceUsd: 2000 },
} as const;

/** The verifying paymaster's deposit at the EntryPoint: what its sponsored user operations draw on. */
export const PAYMASTER_DEPOSIT = parseEther('100');

/** What the bundler's executor holds at start: it pays handleOps' gas up front (the EntryPoint refunds it). */
export const BUNDLER_EXECUTOR_BALANCE = parseEther('1000');
