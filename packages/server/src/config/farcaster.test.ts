import { describe, expect, it } from 'vitest';
import { DEVNET_NAME_REGISTRY_KEY } from '@cairn/devnet';
import { privateKeyToAccount } from 'viem/accounts';
import { DEVNET_FARCASTER_RELAY_KEY, DEVNET_NAME_REGISTRY, farcasterConfig } from './farcaster.ts';

describe('Sign In With Farcaster settings', () => {
  it('is off without a relay key, on with one (OP Mainnet by default), and on by default on the devnet', () => {
    expect(farcasterConfig({}, false)).toBeUndefined();
    expect(farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16) }, false)).toEqual({
      chainId: 10,
      relayKey: 'k'.repeat(16),
      connectUrl: 'https://farcaster.xyz/~/siwf',
      nameRegistry: { url: 'https://fnames.farcaster.xyz', signer: '0xBc5274eFc266311015793d89E9B591fa46294741', timeoutMs: 3000 },
    });
    expect(farcasterConfig({}, true)).toMatchObject({ chainId: 31337, relayKey: DEVNET_FARCASTER_RELAY_KEY });
    expect(farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_CHAIN_ID: '8453', FARCASTER_CONNECT_URL: 'https://wallet.example/siwf' }, false)).toMatchObject({ chainId: 8453, connectUrl: 'https://wallet.example/siwf' });
  });

  it("asks the devnet's name registry by default on the devnet, its signer the address of the registry's key", () => {
    expect(farcasterConfig({}, true)?.nameRegistry).toEqual({ ...DEVNET_NAME_REGISTRY, timeoutMs: 3000 });
    expect(DEVNET_NAME_REGISTRY.signer).toBe(privateKeyToAccount(DEVNET_NAME_REGISTRY_KEY).address);
    const own = { FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_NAME_REGISTRY_URL: 'https://names.example/', FARCASTER_NAME_REGISTRY_SIGNER: DEVNET_NAME_REGISTRY.signer.toLowerCase() };
    expect(farcasterConfig(own, false)?.nameRegistry).toEqual({ url: 'https://names.example', signer: DEVNET_NAME_REGISTRY.signer, timeoutMs: 3000 });
    // The stack moves the devnet's registry to another port: still the devnet's key.
    expect(farcasterConfig({ FARCASTER_NAME_REGISTRY_URL: 'http://127.0.0.1:17850' }, true)?.nameRegistry.signer).toBe(DEVNET_NAME_REGISTRY.signer);
  });

  it('names the variable of a bad setting', () => {
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_NAME_REGISTRY_URL: 'https://names.example' }, false)).toThrow(/FARCASTER_NAME_REGISTRY_SIGNER/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_NAME_REGISTRY_SIGNER: '0x12' }, false)).toThrow(/FARCASTER_NAME_REGISTRY_SIGNER/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_NAME_REGISTRY_TIMEOUT_MS: '0' }, false)).toThrow(/FARCASTER_NAME_REGISTRY_TIMEOUT_MS/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'short' }, false)).toThrow(/FARCASTER_RELAY_KEY/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_CHAIN_ID: 'ten' }, false)).toThrow(/FARCASTER_CHAIN_ID/);
    expect(() => farcasterConfig({ FARCASTER_RELAY_KEY: 'k'.repeat(16), FARCASTER_CONNECT_URL: 'ftp://x' }, false)).toThrow(/FARCASTER_CONNECT_URL/);
  });
});
