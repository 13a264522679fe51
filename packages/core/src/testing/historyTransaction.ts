import type { HistoryTransaction, HistoryTransfer } from '../api/historyApi.ts';

const ETH: HistoryTransfer['fungible_info'] = { name: 'Ether', symbol: 'ETH', icon: { url: 'http://127.0.0.1/eth.png' } };

/** A history entry as the server sends it, for the core's and the view's tests. */
export function historyTransaction(overrides: {
  minedAt?: string;
  chain?: `${string}:${string}`;
  operationType?: HistoryTransaction['metadata']['operationType'];
  status?: HistoryTransaction['metadata']['status'];
  transfers?: HistoryTransfer[];
  hash?: string;
} = {}): HistoryTransaction {
  const hash = overrides.hash ?? `0x${'ab'.repeat(32)}`;
  const chain = overrides.chain ?? 'eip155:31337';
  return {
    id: `${chain}:${hash}`,
    metadata: {
      operationType: overrides.operationType ?? 'send',
      hash,
      minedAt: overrides.minedAt ?? '2026-11-10T12:00:00.000Z',
      chain,
      status: overrides.status ?? 'confirmed',
      sentFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      nonce: 0,
    },
    transfers: overrides.transfers ?? [{ fungible_info: ETH, direction: 'out', quantity: { numeric: '1.5' } }],
  };
}

export const spamNft = (name = 'Free Airdrop'): HistoryTransfer => ({
  nft_info: { name, contract: 'eip155:31337:0x0000000000000000000000000000000000000bad', token_id: '1', content: {}, flags: { is_spam: true } },
  direction: 'in',
  quantity: { numeric: '1' },
});
