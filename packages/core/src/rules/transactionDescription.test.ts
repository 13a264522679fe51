import { describe, expect, it } from 'vitest';
import { historyTransaction } from '../testing/historyTransaction.ts';
import { describeTransaction } from './transactionDescription.ts';

const CAIRN = { name: 'Cairn Token', symbol: 'CAIRN', icon: { url: 'http://127.0.0.1/cairn.png' } };
const ETH = { name: 'Ether', symbol: 'ETH', icon: { url: 'http://127.0.0.1/eth.png' } };
const TUSD = { name: 'Test USD', symbol: 'TUSD', icon: { url: 'http://127.0.0.1/tusd.png' } };
const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ROUTER = '0xA06b68Ca30DEaA6a5CDd42e51b9D6ff94ff78B63';
const PAIR = '0x61eAc8425c3056988cbFDF00235d00a039d8D4Bb';
const FRIEND = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('describeTransaction', () => {
  it('a send: to whom, the exact amount negative (0.0123, not 0.012), the token icon', () => {
    const sent = historyTransaction({ transfers: [{ fungible_info: ETH, direction: 'out', quantity: { numeric: '0.0123' } }] });
    expect(describeTransaction(sent)).toEqual({
      title: 'Sent',
      failed: false,
      pending: false,
      direction: 'to',
      otherSide: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amounts: [{ text: '-0.0123 ETH', exact: '-0.0123 ETH', sign: '-' }],
      imageUrl: 'http://127.0.0.1/eth.png',
    });
  });

  it("a token send names the transfer's receiver, not the token contract the transaction went to", () => {
    const sent = historyTransaction({ transfers: [{ fungible_info: CAIRN, direction: 'out', quantity: { numeric: '10' }, sender: ME, recipient: FRIEND }] });
    sent.metadata.sentTo = TOKEN;
    expect(describeTransaction(sent)).toMatchObject({ direction: 'to', otherSide: FRIEND, amounts: [{ text: '-10.000 CAIRN' }] });
  });

  it('a receive: from whom, the amount positive, 3 decimals at least (SPEC §9)', () => {
    const received = historyTransaction({ operationType: 'receive', transfers: [{ fungible_info: CAIRN, direction: 'in', quantity: { numeric: '2' }, sender: FRIEND, recipient: ME }] });
    expect(describeTransaction(received)).toMatchObject({ title: 'Received', direction: 'from', otherSide: FRIEND, amounts: [{ text: '+2.000 CAIRN', sign: '+' }] });
  });

  it("a 0-decimal token's receive shows +7, not an invented +7.000 (the decimals the server gives)", () => {
    const ZERO = { name: 'Zero Decimals', symbol: 'ZERO', icon: { url: 'http://127.0.0.1/zero.png' }, decimals: 0 };
    const received = historyTransaction({ operationType: 'receive', transfers: [{ fungible_info: ZERO, direction: 'in', quantity: { numeric: '7' }, sender: FRIEND, recipient: ME }] });
    expect(describeTransaction(received).amounts).toEqual([{ text: '+7 ZERO', exact: '+7 ZERO', sign: '+' }]);
  });

  it('a swap: both tokens, what was sold then what was bought, not the router', () => {
    const swapped = historyTransaction({
      operationType: 'trade',
      transfers: [
        { fungible_info: TUSD, direction: 'in', quantity: { numeric: '24.512345' }, sender: PAIR, recipient: ME },
        { fungible_info: ETH, direction: 'out', quantity: { numeric: '0.01' }, sender: ME, recipient: ROUTER },
      ],
    });
    swapped.metadata.sentTo = ROUTER;
    expect(describeTransaction(swapped)).toMatchObject({
      title: 'Swapped',
      swap: { sold: 'ETH', bought: 'TUSD' },
      amounts: [{ text: '-0.010 ETH' }, { text: '+24.512345 TUSD' }],
      imageUrl: 'http://127.0.0.1/eth.png',
    });
  });

  it('an amount past 8 decimals is cut and marked, the exact figure kept', () => {
    const received = historyTransaction({ operationType: 'receive', transfers: [{ fungible_info: ETH, direction: 'in', quantity: { numeric: '1.123456789123456789' } }] });
    expect(describeTransaction(received).amounts).toEqual([{ text: '≈+1.12345678 ETH', exact: '+1.123456789123456789 ETH', sign: '+' }]);
  });

  it('a mint of an NFT: its name and preview; a failed trade says so', () => {
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
    expect(describeTransaction(nft)).toMatchObject({ title: 'Minted', amounts: [{ text: '+Trail Map #7' }], imageUrl: 'http://127.0.0.1/7.png', nftName: 'Trail Map #7' });
    const trade = historyTransaction({
      operationType: 'trade',
      status: 'failed',
      transfers: [
        { fungible_info: CAIRN, direction: 'out', quantity: { numeric: '10' } },
        { fungible_info: TUSD, direction: 'in', quantity: { numeric: '3.2' } },
      ],
    });
    expect(describeTransaction(trade)).toMatchObject({ title: 'Swapped', failed: true, swap: { sold: 'CAIRN', bought: 'TUSD' }, amounts: [{ text: '-10.000 CAIRN' }, { text: '+3.200 TUSD' }] });
  });

  it('an approval without transfers: a title, no amount', () => {
    expect(describeTransaction(historyTransaction({ operationType: 'approve', transfers: [] }))).toEqual({
      title: 'Approved',
      failed: false,
      pending: false,
      direction: 'to',
      otherSide: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amounts: [],
    });
  });

  it('a purchase through the onramp: Bought, through whom, what was paid, pending until mined', () => {
    const bought = {
      ...historyTransaction({ operationType: 'receive', status: 'pending', transfers: [{ fungible_info: ETH, direction: 'in', quantity: { numeric: '0.02475' } }] }),
      purchase: { provider: 'Cairn Local', paid: { value: '50.00', currency: 'USD' } },
    };
    expect(describeTransaction(bought)).toMatchObject({ title: 'Bought', pending: true, failed: false, purchase: { provider: 'Cairn Local', paid: '50.00 USD' }, amounts: [{ text: '+0.02475 ETH' }] });
  });

  it("a purchase seen by anyone but the address's signed-in visitor: Bought, from whom the chain says, no provider or money", () => {
    const bought = {
      ...historyTransaction({ operationType: 'receive', transfers: [{ fungible_info: ETH, direction: 'in', quantity: { numeric: '0.02475' } }] }),
      purchase: {},
    };
    const description = describeTransaction(bought);
    expect(description).toMatchObject({ title: 'Bought', direction: 'from', otherSide: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', amounts: [{ text: '+0.02475 ETH' }] });
    expect(description.purchase).toBeUndefined();
  });
});
