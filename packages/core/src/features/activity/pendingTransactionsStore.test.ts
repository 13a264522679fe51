import { describe, expect, it } from 'vitest';
import { createPendingTransactionsStore, PENDING_TRANSACTIONS_LIMIT, type PendingTransaction } from './pendingTransactionsStore.ts';

const tx = (n: number): PendingTransaction => ({
  hash: `0x${n.toString(16).padStart(64, '0')}`,
  caipNetworkId: 'eip155:31337',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  sentAt: n,
});

describe('pending transactions store', () => {
  it('lists the newest first and removes one once mined', () => {
    const store = createPendingTransactionsStore();
    store.add(tx(1));
    store.add(tx(2));
    expect(store.get().pending.map((p) => p.sentAt)).toEqual([2, 1]);
    store.remove(tx(1).hash);
    expect(store.get().pending.map((p) => p.sentAt)).toEqual([2]);
  });

  it('keeps one entry per hash', () => {
    const store = createPendingTransactionsStore();
    store.add(tx(1));
    store.add({ ...tx(1), amount: '1', symbol: 'ETH' });
    expect(store.get().pending).toEqual([{ ...tx(1), amount: '1', symbol: 'ETH' }]);
  });

  it(`watches at most ${PENDING_TRANSACTIONS_LIMIT}, dropping the oldest (SPEC §9)`, () => {
    const store = createPendingTransactionsStore();
    for (let n = 1; n <= PENDING_TRANSACTIONS_LIMIT + 5; n += 1) store.add(tx(n));
    const { pending } = store.get();
    expect(pending).toHaveLength(PENDING_TRANSACTIONS_LIMIT);
    expect(pending[0]!.sentAt).toBe(PENDING_TRANSACTIONS_LIMIT + 5);
    expect(pending.at(-1)!.sentAt).toBe(6);
  });
});
