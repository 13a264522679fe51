import { describe, expect, it } from 'vitest';
import { accountMatchesNetwork, definePolkadotNetwork } from './defineNetwork.ts';

const ROC = { name: 'Rococo', symbol: 'ROC', decimals: 12 };
const LOCAL_ID = '45'.repeat(16);

describe('definePolkadotNetwork', () => {
  it('names the network by its genesis hash as CAIP-2 polkadot:<32 hex>', () => {
    const network = definePolkadotNetwork({ id: LOCAL_ID, name: 'Polkadot Local', rpcUrl: 'ws://127.0.0.1:9944', nativeCurrency: ROC, testnet: true });
    expect(network).toEqual({
      id: LOCAL_ID,
      caipNetworkId: `polkadot:${LOCAL_ID}`,
      chainNamespace: 'polkadot',
      name: 'Polkadot Local',
      nativeCurrency: ROC,
      rpcUrls: { default: { http: ['ws://127.0.0.1:9944'] } },
      testnet: true,
    });
  });

  it('refuses an id that is not 32 lower-case hex digits, an http URL and a missing currency', () => {
    const base = { id: LOCAL_ID, name: 'Local', rpcUrl: 'wss://rpc.example', nativeCurrency: ROC };
    expect(() => definePolkadotNetwork({ ...base, id: `0x${LOCAL_ID}` })).toThrow(/Invalid Polkadot network id/);
    expect(() => definePolkadotNetwork({ ...base, id: 'polkadot' })).toThrow(/Invalid Polkadot network id/);
    expect(() => definePolkadotNetwork({ ...base, rpcUrl: 'https://rpc.example' })).toThrow(/ws:\/\/ or wss:\/\//);
    expect(() => definePolkadotNetwork({ ...base, name: ' ' })).toThrow(/needs a name/);
    expect(() => definePolkadotNetwork({ ...base, nativeCurrency: { name: 'X', symbol: 'X', decimals: 1.5 } })).toThrow(/nativeCurrency/);
    expect(() => definePolkadotNetwork({ ...base, nativeCurrency: undefined as never })).toThrow(/nativeCurrency/);
  });
});

describe('accountMatchesNetwork', () => {
  it('keeps accounts for any chain and accounts for this one, not accounts tied to another chain', () => {
    expect(accountMatchesNetwork(undefined, { id: LOCAL_ID })).toBe(true);
    expect(accountMatchesNetwork(null, { id: LOCAL_ID })).toBe(true);
    expect(accountMatchesNetwork(`0x${'45'.repeat(32)}`, { id: LOCAL_ID })).toBe(true);
    expect(accountMatchesNetwork(`0x91b171bb158e2d3848fa23a9f1c25182${'0'.repeat(32)}`, { id: LOCAL_ID })).toBe(false);
  });
});
