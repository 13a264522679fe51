import { describe, expect, it } from 'vitest';
import { socketCall } from './subscriptionMethods.ts';

describe('what goes to the node’s websocket', () => {
  it('passes each namespace’s subscriptions and unsubscribes, and nothing else', () => {
    expect(socketCall('eip155', 'eth_subscribe', ['newHeads'])).toBe('subscribe');
    expect(socketCall('eip155', 'eth_subscribe', ['logs', { address: '0x00' }])).toBe('subscribe');
    expect(socketCall('eip155', 'eth_unsubscribe', ['0x1'])).toBe('unsubscribe');
    expect(socketCall('solana', 'signatureSubscribe', ['sig'])).toBe('subscribe');
    expect(socketCall('solana', 'slotUnsubscribe', [3])).toBe('unsubscribe');
    expect(socketCall('polkadot', 'author_submitAndWatchExtrinsic', ['0x00'])).toBe('subscribe');
    expect(socketCall('polkadot', 'chain_unsubscribeNewHeads', ['x'])).toBe('unsubscribe');
    expect(socketCall('eip155', 'eth_getBalance', [])).toBeUndefined();
    expect(socketCall('eip155', 'accountSubscribe', [])).toBeUndefined();
    expect(socketCall('solana', 'programSubscribe', [])).toBeUndefined();
  });

  it('refuses the feeds that cost a node far more than the caller', () => {
    expect(socketCall('eip155', 'eth_subscribe', ['newPendingTransactions'])).toBe('refused');
    expect(socketCall('eip155', 'eth_subscribe', [])).toBe('refused');
    expect(socketCall('solana', 'logsSubscribe', ['all'])).toBe('refused');
    expect(socketCall('solana', 'logsSubscribe', [{ mentions: ['11111111111111111111111111111111'] }])).toBe('subscribe');
  });
});
