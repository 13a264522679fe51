import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { base58 } from '@scure/base';

export type SolanaTestAccount = { address: string; /** 32-byte ed25519 seed, hex. */ secretKey: string };

/** A fixed key from a label: the same addresses every run, so pages and tests can name them. */
function accountFromLabel(label: string): SolanaTestAccount {
  const seed = sha256(new TextEncoder().encode(label));
  return { address: base58.encode(ed25519.getPublicKey(seed)), secretKey: bytesToHex(seed) };
}

/** Test accounts 0..4, each funded with SOLANA_ACCOUNT_LAMPORTS and SOLANA_ACCOUNT_TOKENS of the test mint. */
export const SOLANA_TEST_ACCOUNTS: readonly SolanaTestAccount[] = [0, 1, 2, 3, 4].map((index) => accountFromLabel(`cairn solana test account ${index}`));

/** Creates the test mint and is its mint authority. */
export const SOLANA_DEPLOYER = accountFromLabel('cairn solana deployer');

/** The mint account's own key (it signs its creation), so the mint has the same address every run. */
export const SOLANA_MINT_KEY = accountFromLabel('cairn solana test mint');

export const SOLANA_TEST_TOKEN = {
  mint: SOLANA_MINT_KEY.address,
  name: 'Cairn Solana Token',
  symbol: 'CSOL',
  decimals: 6,
} as const;

export const SOLANA_ACCOUNT_LAMPORTS = 100n * 1_000_000_000n;
/** 1000 CSOL, in its smallest unit. */
export const SOLANA_ACCOUNT_TOKENS = 1000n * 10n ** 6n;

/** The CAIP-2 id Cairn uses for the local Solana chain (its genesis hash changes every start). */
export const SOLANA_LOCALNET_ID = 'localnet';
