import { createEsploraClient } from '@cairn/bitcoin/esplora';
import { planTransfer } from '@cairn/bitcoin/transfer';
import { hexToBytes } from '@noble/hashes/utils';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { useTestBitcoinChain } from '../testing/useTestBitcoinChain.ts';
import { BITCOIN_ACCOUNT_SATS, BITCOIN_TEST_ACCOUNTS } from './bitcoinAccounts.ts';
import { mineBitcoinBlocks } from './startBitcoinChain.ts';

// The regtest facade answers @cairn/bitcoin's Esplora client: real bcoin blocks and transactions.
const chain = useTestBitcoinChain();

describe('the local Bitcoin chain (bcoin regtest behind an Esplora API)', () => {
  it('funds the test accounts past segwit activation', async () => {
    const esplora = createEsploraClient({ url: chain().esploraUrl });
    expect(await esplora.getTipHeight()).toBe(433);
    const account = BITCOIN_TEST_ACCOUNTS[0]!;
    expect(account.payment.startsWith('bcrt1q')).toBe(true);
    expect(account.ordinals.startsWith('bcrt1p')).toBe(true);
    expect(await esplora.getBalance(account.payment)).toEqual({ confirmed: BITCOIN_ACCOUNT_SATS, unconfirmed: 0n, total: BITCOIN_ACCOUNT_SATS });
    const [utxo] = await esplora.getUtxos(account.payment);
    expect(utxo).toMatchObject({ value: BITCOIN_ACCOUNT_SATS, status: { confirmed: true, blockHeight: 433 } });
    expect((await esplora.getFeeEstimates()).get(6)).toBe(1);
  });

  it('takes a signed P2WPKH send to a taproot address: mempool first, then mined', async () => {
    const esplora = createEsploraClient({ url: chain().esploraUrl });
    const sender = BITCOIN_TEST_ACCOUNTS[1]!;
    const receiver = BITCOIN_TEST_ACCOUNTS[2]!.ordinals;
    const plan = planTransfer({ utxos: await esplora.getUtxos(sender.payment), from: sender.payment, receiver, amount: 25_000_000n, feeRate: 2n, network: 'regtest' });
    const tx = Transaction.fromPSBT(plan.psbt);
    tx.sign(hexToBytes(sender.secretKey));
    tx.finalize();
    const txid = await esplora.broadcast(hex.encode(tx.extract()));
    expect(txid).toBe(tx.id);

    expect(await esplora.getBalance(receiver)).toEqual({ confirmed: 0n, unconfirmed: 25_000_000n, total: 25_000_000n });
    expect(await esplora.getBalance(sender.payment)).toMatchObject({ confirmed: BITCOIN_ACCOUNT_SATS, unconfirmed: -(25_000_000n + plan.fee) });
    expect(await esplora.getTransactionStatus(txid)).toEqual({ confirmed: false });

    const height = await mineBitcoinBlocks(chain().esploraUrl);
    const status = await esplora.getTransactionStatus(txid);
    expect(status).toMatchObject({ confirmed: true, blockHeight: height });
    expect(await esplora.getBalance(receiver)).toEqual({ confirmed: 25_000_000n, unconfirmed: 0n, total: 25_000_000n });
    expect(await esplora.getBalance(sender.payment)).toMatchObject({ total: BITCOIN_ACCOUNT_SATS - 25_000_000n - plan.fee });

    const [latest] = await esplora.getTransactions(sender.payment);
    expect(latest).toMatchObject({ txid, fee: plan.fee, inputs: [{ address: sender.payment, value: BITCOIN_ACCOUNT_SATS }] });
    expect(latest!.outputs).toContainEqual({ address: receiver, value: 25_000_000n });
  });

  it('refuses a double spend and bad input with Esplora-style 400s', async () => {
    const esplora = createEsploraClient({ url: chain().esploraUrl, retries: 0 });
    const sender = BITCOIN_TEST_ACCOUNTS[3]!;
    const utxos = await esplora.getUtxos(sender.payment);
    const sign = (receiver: string) => {
      const tx = Transaction.fromPSBT(planTransfer({ utxos, from: sender.payment, receiver, amount: 1_000n, feeRate: 1n, network: 'regtest' }).psbt);
      tx.sign(hexToBytes(sender.secretKey));
      tx.finalize();
      return hex.encode(tx.extract());
    };
    await esplora.broadcast(sign(BITCOIN_TEST_ACCOUNTS[4]!.payment));
    await expect(esplora.broadcast(sign(BITCOIN_TEST_ACCOUNTS[0]!.payment))).rejects.toThrow(/refused/);
    await expect(esplora.broadcast('00')).rejects.toThrow(/refused the transaction: Transaction could not be decoded/);
    const response = await fetch(`${chain().esploraUrl}/address/bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Invalid Bitcoin address');
    const mine = await fetch(`${chain().esploraUrl}/regtest/mine`, { method: 'POST', body: JSON.stringify({ blocks: 1000 }) });
    expect(mine.status).toBe(400);
  });
});
