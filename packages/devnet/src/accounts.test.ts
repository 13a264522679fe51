import { keccak256, toBytes } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ANVIL_MNEMONIC, DEPLOYER, TEST_ACCOUNTS } from './accounts.ts';

describe('devnet accounts', () => {
  it('are anvil’s first five accounts of its default mnemonic', () => {
    TEST_ACCOUNTS.forEach((account, addressIndex) => {
      expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }).address).toBe(account.address);
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
    });
  });

  it('deploy from a key of their own, not one of the test accounts', () => {
    expect(DEPLOYER.privateKey).toBe(keccak256(toBytes('cairn devnet deployer')));
    expect(privateKeyToAccount(DEPLOYER.privateKey).address).toBe(DEPLOYER.address);
    expect(TEST_ACCOUNTS.map((account) => account.address)).not.toContain(DEPLOYER.address);
  });
});
