import { describe, expect, it } from 'vitest';
import { historyTransaction } from '../testing/historyTransaction.ts';
import { describeTransaction } from './transactionDescription.ts';

const CAIRN = { name: 'Cairn Token', symbol: 'CAIRN', icon: { url: 'http://127.0.0.1/cairn.png' } };

describe('describeTransaction', () => {
  it('a send: to whom, the amount negative with 3 decimals, the token icon', () => {
    expect(describeTransaction(historyTransaction())).toEqual({
      title: 'Sent',
      failed: false,
      otherSide: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amounts: ['-1.500 ETH'],
      imageUrl: 'http://127.0.0.1/eth.png',
    });
  });

  it('a receive: from whom, the amount positive', () => {
    const received = historyTransaction({ operationType: 'receive', transfers: [{ fungible_info: CAIRN, direction: 'in', quantity: { numeric: '2.00049' } }] });
    expect(describeTransaction(received)).toMatchObject({ title: 'Received', otherSide: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', amounts: ['+2.000 CAIRN'] });
  });

  it('a mint of an NFT: its name and preview; a failed trade says so and shows both legs', () => {
    const nft = historyTransaction({
      operationType: 'mint',
      transfers: [
        {
          nft_info: { name: 'Trail Map #7', contract: 'eip155:31337:0x1', token_id: '7', content: { preview: { url: 'http://127.0.0.1/7.png' } }, flags: { is_spam: false } },
          direction: 'in',
          quantity: { numeric: '1' },
        },
      ],
    });
    expect(describeTransaction(nft)).toMatchObject({ title: 'Minted', amounts: ['+Trail Map #7'], imageUrl: 'http://127.0.0.1/7.png', nftName: 'Trail Map #7' });
    const trade = historyTransaction({
      operationType: 'trade',
      status: 'failed',
      transfers: [
        { fungible_info: CAIRN, direction: 'out', quantity: { numeric: '10' } },
        { fungible_info: { ...CAIRN, symbol: 'TUSD' }, direction: 'in', quantity: { numeric: '3.2' } },
      ],
    });
    expect(describeTransaction(trade)).toMatchObject({ title: 'Swapped', failed: true, amounts: ['-10.000 CAIRN', '+3.200 TUSD'] });
  });

  it('an approval without transfers: a title, no amount', () => {
    expect(describeTransaction(historyTransaction({ operationType: 'approve', transfers: [] }))).toEqual({
      title: 'Approved',
      failed: false,
      otherSide: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amounts: [],
    });
  });
});
