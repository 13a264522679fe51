import { describe, expect, it } from 'vitest';
import { SignInMessageError, signInAccountLabel, type Caip122SignIn } from './caip122Message.ts';
import { bitcoinChainReference, buildSignInWithBitcoinMessage, readSignInWithBitcoinMessage } from './signInWithBitcoin.ts';

// BIP-322's own P2WPKH test address (bitcoin/bips bip-0322.mediawiki) on mainnet.
const signIn: Caip122SignIn = {
  domain: 'service.org',
  address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
  statement: 'Sign in to ServiceOrg',
  uri: 'https://service.org/login',
  version: '1',
  chainId: '000000000019d6689c085ae165831e93',
  nonce: '32891757',
  issuedAt: '2021-09-30T16:25:24.000Z',
};

describe('sign-in with a Bitcoin account (CAIP-122)', () => {
  it('writes and reads the same message, named by its account line', () => {
    const message = buildSignInWithBitcoinMessage(signIn);
    expect(message.split('\n')[0]).toBe('service.org wants you to sign in with your Bitcoin account:');
    expect(message).toContain('\nChain ID: 000000000019d6689c085ae165831e93\n');
    expect(signInAccountLabel(message)).toBe('Bitcoin');
    expect(readSignInWithBitcoinMessage(message)).toEqual(signIn);
  });

  it('takes taproot, base58 and regtest addresses, and a chain id with its namespace', () => {
    for (const address of ['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080']) {
      expect(readSignInWithBitcoinMessage(buildSignInWithBitcoinMessage({ ...signIn, address })).address).toBe(address);
    }
    expect(bitcoinChainReference('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('0f9188f13cb7b2c71f2a335e3a4fc328');
  });

  it('refuses what is not a Bitcoin address or chain', () => {
    expect(() => buildSignInWithBitcoinMessage({ ...signIn, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })).toThrow(SignInMessageError);
    expect(() => buildSignInWithBitcoinMessage({ ...signIn, chainId: 'eip155:1' })).toThrow(SignInMessageError);
  });
});
