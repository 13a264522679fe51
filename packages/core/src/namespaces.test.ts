import { describe, expect, it } from 'vitest';
import { isChainNamespace, namespaceOffers, NAMESPACES, ofNamespace } from './namespaces.ts';

describe('the namespace table', () => {
  it('knows the four namespaces and nothing else, not even what every object inherits', () => {
    expect(Object.keys(NAMESPACES)).toEqual(['eip155', 'solana', 'polkadot', 'bip122']);
    expect(['eip155', 'solana', 'polkadot', 'bip122'].every(isChainNamespace)).toBe(true);
    for (const foreign of ['cosmos', 'toString', '__proto__', '', 42, undefined]) expect(isChainNamespace(foreign), String(foreign)).toBe(false);
  });

  it("answers SPEC's per-namespace facts: balances from the server on eip155 and solana, names and swaps on eip155 only", () => {
    expect(['eip155', 'solana', 'polkadot', 'bip122'].filter((namespace) => namespaceOffers(namespace, 'serverBalances'))).toEqual(['eip155', 'solana']);
    expect(['eip155', 'solana', 'polkadot', 'bip122'].filter((namespace) => namespaceOffers(namespace, 'names'))).toEqual(['eip155']);
    expect(['eip155', 'solana', 'polkadot', 'bip122'].filter((namespace) => namespaceOffers(namespace, 'swaps'))).toEqual(['eip155']);
    expect(namespaceOffers('cosmos', 'names')).toBe(false);
    expect(namespaceOffers(undefined, 'serverBalances')).toBe(false);
  });

  it('picks the items of one namespace: adapters and accounts by namespace, networks by chainNamespace', () => {
    const networks = [{ chainNamespace: 'eip155', id: 1 }, { chainNamespace: 'solana', id: 'main' }, { chainNamespace: 'eip155', id: 10 }];
    expect(ofNamespace(networks, 'eip155').map((network) => network.id)).toEqual([1, 10]);
    const accounts = [{ address: 'a', namespace: 'solana' }, { address: 'b' }, { address: 'c', namespace: 'eip155' }];
    expect(ofNamespace(accounts, 'solana')).toEqual([{ address: 'a', namespace: 'solana' }]);
    expect(ofNamespace(accounts, 'bip122')).toEqual([]);
  });
});
