import { readFileSync } from 'node:fs';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { accountOf, addressOfPrivateKey, checksumAddress, generateWalletSecret, mnemonicOf, secretOfMnemonic } from './walletSecret.ts';

const vectors = (name: string) => JSON.parse(readFileSync(new URL(`../../../../vectors/eth/${name}`, import.meta.url), 'utf8'));

describe('wallet secret', () => {
  it('derives the address of every ethers account vector from its private key', () => {
    const accounts: { privateKey: string; address: string }[] = vectors('ethers_testcases_accounts.json');
    expect(accounts.length).toBe(259);
    for (const { privateKey, address } of accounts) expect(addressOfPrivateKey(hexToBytes(privateKey.slice(2)))).toBe(address);
  });

  it('writes the EIP-55 spec addresses in their checksummed form', () => {
    const file = vectors('eip55_checksum.json');
    const valid: { address: string }[] = file.eip55_valid;
    expect(valid).toHaveLength(8);
    for (const { address } of valid) expect(checksumAddress(address.toLowerCase())).toBe(address);
    for (const { input, correct_form } of file.invalid_strict_checksum as { input: string; correct_form: string }[]) {
      expect(checksumAddress(input)).toBe(correct_form);
      expect(checksumAddress(input)).not.toBe(input);
    }
  });

  it("derives m/44'/60'/0'/0/0 of the well-known test mnemonic (Anvil's first account)", () => {
    const secret = secretOfMnemonic('test test test test test test test test test test test junk');
    expect(accountOf(secret).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('round-trips a fresh secret through its 12-word mnemonic', () => {
    const secret = generateWalletSecret();
    const mnemonic = mnemonicOf(secret);
    expect(mnemonic.split(' ')).toHaveLength(12);
    expect(bytesToHex(secretOfMnemonic(mnemonic))).toBe(bytesToHex(secret));
    expect(bytesToHex(generateWalletSecret())).not.toBe(bytesToHex(secret));
  });

  it('refuses a mnemonic with a wrong checksum word', () => {
    expect(() => secretOfMnemonic('test test test test test test test test test test test test')).toThrow();
  });
});
