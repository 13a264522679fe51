import { verifyBip322 } from '@cairn/bitcoin/bip322';
import { describe, expect, it } from 'vitest';
import { BITCOIN_TEST_ACCOUNTS } from '../bitcoin/bitcoinAccounts.ts';
import { createBitcoinTestWallet } from './createBitcoinTestWallet.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
}

// No chain needed: connecting and signing stay in the wallet (sends are tested on the regtest chain
// by @cairn/bitcoin's adapter tests and the e2e).
const account = BITCOIN_TEST_ACCOUNTS[0]!;
const make = (storage = memoryStorage()) => createBitcoinTestWallet({ secretKey: account.secretKey, esploraUrl: 'http://127.0.0.1:9', storage });

describe('the Bitcoin test wallet over WBIP004', () => {
  it('answers JSON-RPC envelopes: accounts after a prompt, BIP-322 signatures, errors with codes', async () => {
    const wallet = make();
    expect(await wallet.provider.request('signMessage', { address: account.payment, message: 'x' })).toMatchObject({ error: { code: 4100 } });
    expect(await wallet.provider.request('wallet_getAccount')).toMatchObject({ error: { code: 4100 } });
    wallet.rejectNext();
    expect(await wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] })).toMatchObject({ error: { code: -32000 } });
    const connected = await wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] });
    expect(connected).toMatchObject({ jsonrpc: '2.0', result: [{ address: account.payment, purpose: 'payment', addressType: 'p2wpkh' }, { address: account.ordinals, purpose: 'ordinals', addressType: 'p2tr' }] });
    const signed = (await wallet.provider.request('signMessage', { address: account.ordinals, message: 'Hi' })) as { result: { signature: string } };
    expect(verifyBip322({ message: 'Hi', address: account.ordinals, signature: signed.result.signature, network: 'regtest' })).toBe(true);
    expect(await wallet.provider.request('sendTransfer', { recipients: [{ address: account.payment, amount: 1.5 }] })).toMatchObject({ error: { code: -32602 } });
    expect(await wallet.provider.request('wallet_switchNetwork')).toMatchObject({ error: { code: -32601 } });
    await wallet.provider.request('wallet_renouncePermissions');
    expect(wallet.getState()).toMatchObject({ authorized: false, signedMessages: ['Hi'] });
  });

  it('stays trusted across a reload through its storage', async () => {
    const storage = memoryStorage();
    await make(storage).provider.request('getAccounts', {});
    expect(await make(storage).provider.request('wallet_getAccount')).toMatchObject({ result: { addresses: [{ address: account.payment }, { address: account.ordinals }] } });
  });
});

describe('the Bitcoin test wallet over the Wallet Standard', () => {
  it('lists its accounts once connected, signs PSBT inputs only for a trusted site, and tells listeners of a disconnect', async () => {
    const wallet = make();
    const changes: number[] = [];
    wallet.wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1));
    expect(wallet.wallet.accounts).toEqual([]);
    await expect(wallet.wallet.features['bitcoin:signTransaction'].signTransaction({ psbt: new Uint8Array(), inputsToSign: [{ account: { address: account.payment }, signingIndexes: [0] }] })).rejects.toMatchObject({ code: 4100 });
    const { accounts } = await wallet.wallet.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] });
    expect(accounts.map((entry) => [entry.address, entry.purpose])).toEqual([
      [account.payment, 'payment'],
      [account.ordinals, 'ordinals'],
    ]);
    await wallet.wallet.features['standard:disconnect'].disconnect();
    expect(changes).toEqual([2, 0]);
  });
});
