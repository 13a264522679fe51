import { describe, expect, it } from 'vitest';
import { bitcoinNetworkNameOf, defineBitcoinNetwork } from './defineNetwork.ts';

describe('defineBitcoinNetwork', () => {
  it('names the network by its CAIP-2 genesis reference, BTC with 8 decimals, the Esplora URL as its RPC', () => {
    const network = defineBitcoinNetwork({ network: 'mainnet', name: 'Bitcoin', esploraUrl: 'https://esplora.example/api' });
    expect(network).toMatchObject({ caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', chainNamespace: 'bip122', nativeCurrency: { symbol: 'BTC', decimals: 8 }, testnet: false });
    expect(network.rpcUrls.default.http).toEqual(['https://esplora.example/api']);
    expect(bitcoinNetworkNameOf(network)).toBe('mainnet');
    expect(bitcoinNetworkNameOf(defineBitcoinNetwork({ network: 'regtest', name: 'Local', esploraUrl: 'http://127.0.0.1:3002' }))).toBe('regtest');
  });

  it('says which option is wrong', () => {
    expect(() => defineBitcoinNetwork({ network: 'moon' as never, name: 'x', esploraUrl: 'https://a' })).toThrow(/Unknown Bitcoin network: moon/);
    expect(() => defineBitcoinNetwork({ network: 'mainnet', name: ' ', esploraUrl: 'https://a' })).toThrow(/needs a name/);
    expect(() => defineBitcoinNetwork({ network: 'mainnet', name: 'x', esploraUrl: 'ftp://a' })).toThrow(/Invalid Esplora URL/);
    expect(() => bitcoinNetworkNameOf({ id: 'abc', chainNamespace: 'bip122' })).toThrow(/Not a Bitcoin network/);
  });
});
