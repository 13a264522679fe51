import { describe, expect, it } from 'vitest';
import { historyTransaction } from '../testing/historyTransaction.ts';
import { followsPendingPurchases, pendingPurchaseHashes } from './pendingPurchases.ts';

describe('pending purchases (issue 28)', () => {
  it('names the purchases whose payment is not mined yet', () => {
    const purchases = [historyTransaction({ hash: '0xAA', status: 'pending' }), historyTransaction({ hash: '0xbb', status: 'confirmed' }), historyTransaction({ hash: '0xcc', status: 'failed' })];
    expect(pendingPurchaseHashes(purchases)).toEqual(['0xaa']);
  });

  it('follows them only while the modal is open on Activity and one is pending', () => {
    expect(followsPendingPurchases({ modalOpen: true, view: 'Activity', pending: ['0xaa'] })).toBe(true);
    expect(followsPendingPurchases({ modalOpen: false, view: 'Activity', pending: ['0xaa'] })).toBe(false);
    expect(followsPendingPurchases({ modalOpen: true, view: 'Account', pending: ['0xaa'] })).toBe(false);
    expect(followsPendingPurchases({ modalOpen: true, view: 'Activity', pending: [] })).toBe(false);
  });
});
