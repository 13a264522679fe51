import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../namespaces.ts';
import { preferredAccountsFirst } from './preferredAccountType.ts';

describe('preferred account types (SPEC §4)', () => {
  it('defaults eip155 to smart account, solana and polkadot to eoa, bip122 to payment', () => {
    const preferred = Object.fromEntries(Object.entries(NAMESPACES).map(([namespace, facts]) => [namespace, facts.preferredAccountType]));
    expect(preferred).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' });
  });

  it('puts the preferred accounts first and keeps the order of the rest', () => {
    const accounts = [
      { address: 'ord', purpose: 'ordinals' },
      { address: 'pay', purpose: 'payment' },
      { address: 'other', purpose: 'stacks' },
    ];
    expect(preferredAccountsFirst('bip122', accounts, (account) => account.purpose).map((account) => account.address)).toEqual(['pay', 'ord', 'other']);
  });
});
