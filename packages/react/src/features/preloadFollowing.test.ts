import { describe, expect, it } from 'vitest';
import { viewsFollowing } from './preloadFollowing.ts';
import { FEATURE_VIEWS } from './features.ts';

describe('the views fetched when another shows', () => {
  it('Connect brings All Wallets and the WalletConnect pairing; a connection brings sign-in and UnsupportedChain; Account brings Networks', () => {
    expect(viewsFollowing('Connect')).toEqual(expect.arrayContaining(['AllWallets', 'ConnectingWalletConnect']));
    expect(viewsFollowing('ConnectingExternal')).toEqual(expect.arrayContaining(['ConnectingSiwe', 'UnsupportedChain']));
    expect(viewsFollowing('Account')).toEqual(expect.arrayContaining(['Networks', 'ConnectingSiwe']));
  });

  it('names only views that are chunks of their own, which can be fetched ahead', () => {
    for (const view of ['Connect', 'ConnectingExternal', 'ConnectingWalletConnect', 'AllWallets', 'Account'] as const) {
      for (const next of viewsFollowing(view)) expect(typeof FEATURE_VIEWS[next]?.component.preload, next).toBe('function');
    }
  });
});
