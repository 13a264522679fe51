import { describe, expect, it } from 'vitest';
import { DEVNET_FARCASTER_RELAY_KEY, farcasterConfig } from './farcaster.ts';

describe('Sign In With Farcaster settings', () => {
  it('is off without a relay key, on with one (OP Mainnet by default), and on by default on the devnet', () => {
    expect(farcasterConfig({}, false)).toBeUndefined();
    expect(farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16) }, false)).toEqual({ chainId: 10, relayKey: 'k'.repeat(16), connectUrl: 'https://farcaster.xyz/~/siwf' });
    expect(farcasterConfig({}, true)).toMatchObject({ chainId: 31337, relayKey: DEVNET_FARCASTER_RELAY_KEY });
    expect(farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_CHAIN_ID: '8453', FARCASTER_CONNECT_URL: 'https://wallet.example/siwf' }, false)).toMatchObject({ chainId: 8453, connectUrl: 'https://wallet.example/siwf' });
  });

  it('names the variable of a bad setting', () => {
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'short' }, false)).toThrow(/FARCASTER_RELAY_KEY/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_CHAIN_ID: 'ten' }, false)).toThrow(/FARCASTER_CHAIN_ID/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_CONNECT_URL: 'ftp://x' }, false)).toThrow(/FARCASTER_CONNECT_URL/);
  });
});
