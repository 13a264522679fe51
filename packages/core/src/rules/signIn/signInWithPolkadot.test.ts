import { describe, expect, it } from 'vitest';
import { SignInMessageError, signInAccountLabel, type Caip122SignIn } from './caip122Message.ts';
import { buildSignInWithPolkadotMessage, polkadotChainReference, readSignInWithPolkadotMessage } from './signInWithPolkadot.ts';

// //Alice's generic-substrate SS58 address, and Polkadot's CAIP-2 reference (shared/vectors caip).
const signIn: Caip122SignIn = {
  domain: 'service.org',
  address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  statement: 'Sign in to ServiceOrg',
  uri: 'https://service.org/login',
  version: '1',
  chainId: '91b171bb158e2d3848fa23a9f1c25182',
  nonce: '32891757',
  issuedAt: '2021-09-30T16:25:24.000Z',
};

describe('sign-in with a Polkadot account (CAIP-122)', () => {
  it('writes and reads the same message, named by its account line', () => {
    const message = buildSignInWithPolkadotMessage(signIn);
    expect(message.split('\n')[0]).toBe('service.org wants you to sign in with your Polkadot account:');
    expect(signInAccountLabel(message)).toBe('Polkadot');
    expect(readSignInWithPolkadotMessage(message)).toEqual(signIn);
    expect(polkadotChainReference('polkadot:91b171bb158e2d3848fa23a9f1c25182')).toBe('91b171bb158e2d3848fa23a9f1c25182');
  });

  it('refuses what is not an SS58 address or a polkadot chain', () => {
    expect(() => buildSignInWithPolkadotMessage({ ...signIn, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })).toThrow(SignInMessageError);
    expect(() => buildSignInWithPolkadotMessage({ ...signIn, chainId: 'eip155:1' })).toThrow(SignInMessageError);
  });
});
