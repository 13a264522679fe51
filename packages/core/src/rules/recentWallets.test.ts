import { describe, expect, it } from 'vitest';
import type { RecentWallet } from '../storage.ts';
import { addRecentWallet } from './recentWallets.ts';

const wallet = (id: string): RecentWallet => ({ id, name: id.toUpperCase(), namespace: 'eip155' });
const ids = (list: readonly RecentWallet[]) => list.map((item) => item.id);

describe('addRecentWallet', () => {
  it('adds the first wallet', () => {
    expect(ids(addRecentWallet([], wallet('a')))).toEqual(['a']);
  });

  it('puts the most recent wallet first', () => {
    expect(ids(addRecentWallet([wallet('a')], wallet('b')))).toEqual(['b', 'a']);
  });

  it('keeps at most 2 wallets, dropping the oldest (SPEC §3)', () => {
    expect(ids(addRecentWallet([wallet('b'), wallet('a')], wallet('c')))).toEqual(['c', 'b']);
  });

  it('moves a wallet used again to the front instead of listing it twice', () => {
    expect(ids(addRecentWallet([wallet('b'), wallet('a')], wallet('a')))).toEqual(['a', 'b']);
    expect(ids(addRecentWallet([wallet('a'), wallet('b')], wallet('a')))).toEqual(['a', 'b']);
  });

  it('stores the newest details of a wallet used again', () => {
    const renamed = { ...wallet('a'), name: 'A v2' };
    expect(addRecentWallet([wallet('a')], renamed)).toEqual([renamed]);
  });

  it('does not modify the list it was given', () => {
    const list = [wallet('b'), wallet('a')];
    addRecentWallet(list, wallet('c'));
    expect(ids(list)).toEqual(['b', 'a']);
  });
});
