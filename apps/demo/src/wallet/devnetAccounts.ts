import { mnemonicToAccount, type HDAccount } from 'viem/accounts';

/**
 * Anvil's default mnemonic: public, and funded only on the local devnet (10000 ETH each). The
 * first five accounts are the devnet's TEST_ACCOUNTS; they are derived here rather than imported,
 * as @cairn/devnet's entry point is Node-only.
 */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEVNET_ACCOUNT_COUNT = 5;

let accounts: HDAccount[] | undefined;

export function devnetAccounts(): readonly HDAccount[] {
  accounts ??= Array.from({ length: DEVNET_ACCOUNT_COUNT }, (_, addressIndex) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }));
  return accounts;
}
