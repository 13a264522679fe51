import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { slip10Derive, solanaAccountOf } from './solanaAccount.ts';
import { accountOf, secretOfMnemonic } from './walletSecret.ts';

// SLIP-0010's test vector 1 for ed25519 (https://github.com/satoshilabs/slips/blob/master/slip-0010.md).
const SEED = hexToBytes('000102030405060708090a0b0c0d0e0f');
const VECTOR_1: [string, string, string][] = [
  ['m', '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb', '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7'],
  ["m/0'", '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69', '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3'],
  ["m/0'/1'", 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14', 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2'],
  ["m/0'/1'/2'", '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c', '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9'],
  ["m/0'/1'/2'/2'", '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc', '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662'],
];

describe('SLIP-0010 for ed25519', () => {
  it.each(VECTOR_1)('derives %s as the specification says', (path, chainCode, privateKey) => {
    const node = slip10Derive(SEED, path);
    expect([bytesToHex(node.chainCode), bytesToHex(node.privateKey)]).toEqual([chainCode, privateKey]);
  });

  it('refuses a step that is not hardened, and a path that does not start at m', () => {
    expect(() => slip10Derive(SEED, "m/44'/501'/0")).toThrow('hardened steps only');
    expect(() => slip10Derive(SEED, "44'/501'")).toThrow('starts with m');
  });
});

describe("the wallet's Solana account", () => {
  it("is the ed25519 key at m/44'/501'/0'/0' of the same mnemonic as the EVM account, its base58 public key the address", () => {
    const secret = secretOfMnemonic('legal winner thank year wave sausage worth useful legal winner thank yellow');
    const solana = solanaAccountOf(secret);
    expect(base58.decode(solana.address)).toEqual(solana.publicKey);
    expect(solana.publicKey).toEqual(ed25519.getPublicKey(solana.privateKey));
    const signature = ed25519.sign(new TextEncoder().encode('hi'), solana.privateKey);
    expect(ed25519.verify(signature, new TextEncoder().encode('hi'), solana.publicKey)).toBe(true);
    // Another secret, another account; the same secret, the same one.
    expect(solanaAccountOf(secret).address).toBe(solana.address);
    expect(solanaAccountOf(secretOfMnemonic('letter advice cage absurd amount doctor acoustic avoid letter advice cage above')).address).not.toBe(solana.address);
    expect(accountOf(secret).address).toMatch(/^0x/);
  });
});
