import { describe, expect, it } from 'vitest';
import { bitcoinNetworkOfChainId } from './caip2.ts';

describe('bitcoinNetworkOfChainId', () => {
  it('maps the CAIP-2 bip122 references to networks, and nothing else', () => {
    expect(bitcoinNetworkOfChainId('bip122:000000000019d6689c085ae165831e93')).toBe('mainnet');
    expect(bitcoinNetworkOfChainId('bip122:000000000933ea01ad0ee984209779ba')).toBe('testnet');
    expect(bitcoinNetworkOfChainId('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('regtest');
    expect(bitcoinNetworkOfChainId('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined();
    expect(bitcoinNetworkOfChainId('eip155:1')).toBeUndefined();
    expect(bitcoinNetworkOfChainId(42 as never)).toBeUndefined();
  });
});
