import { describe, expect, it } from 'vitest';
import { wbip004Wallets } from './wbip004Wallets.ts';

const provider = (answer: (method: string, params: unknown) => unknown) => ({
  request: async (method: string, params: unknown) => answer(method, params),
});

describe('WBIP004 discovery', () => {
  it('lists the providers btc_providers names, found by their path on window', () => {
    const root = {
      Wallets: { one: provider(() => ({})) },
      btc_providers: [
        { id: 'Wallets.one', name: 'One', icon: 'data:image/svg+xml,<svg/>' },
        { id: 'Wallets.missing', name: 'Missing' },
        { id: '__proto__.toString', name: 'Prototype' },
        { id: 'constructor', name: 'Constructor' },
        { id: 'Wallets.one', name: 42 },
        'not an entry',
      ],
    };
    const wallets = wbip004Wallets(root);
    expect(wallets.map((wallet) => wallet.connector)).toEqual([{ id: 'wbip004:Wallets.one', name: 'One', type: 'INJECTED', chain: 'bip122', imageUrl: 'data:image/svg+xml,<svg/>' }]);
    expect(wbip004Wallets({ btc_providers: 'nope' })).toEqual([]);
    expect(wbip004Wallets({})).toEqual([]);
  });

  it("keeps a remote icon out (the widget calls no host the site did not configure)", () => {
    const [wallet] = wbip004Wallets({ W: provider(() => ({})), btc_providers: [{ id: 'W', name: 'W', icon: 'https://tracker.example/icon.png' }] });
    expect(wallet!.connector.imageUrl).toBeUndefined();
  });

  it('reads accounts from getAccounts, and turns sats-connect rejections into 4001', async () => {
    let reject = false;
    const root = {
      W: provider((method) =>
        reject
          ? { jsonrpc: '2.0', id: '1', error: { code: -32000, message: 'User rejected' } }
          : method === 'getAccounts'
            ? { jsonrpc: '2.0', id: '1', result: [{ address: 'bc1pxyz', purpose: 'ordinals' }, { address: 'bc1qabc', publicKey: '02ab', purpose: 'payment' }, { nope: 1 }] }
            : { jsonrpc: '2.0', id: '1', error: { code: -32601, message: 'Method not found' } },
      ),
      btc_providers: [{ id: 'W', name: 'W' }],
    };
    const [wallet] = wbip004Wallets(root);
    expect(await wallet!.connect(false)).toEqual([
      { address: 'bc1pxyz', purpose: 'ordinals' },
      { address: 'bc1qabc', purpose: 'payment', publicKey: '02ab' },
    ]);
    expect(await wallet!.connect(true)).toBeUndefined(); // wallet_getAccount refused: not trusted, no prompt
    reject = true;
    await expect(wallet!.connect(false)).rejects.toMatchObject({ code: 4001 });
  });

  it('refuses a send answer without a txid and an amount beyond a safe integer', async () => {
    const [wallet] = wbip004Wallets({ W: provider(() => ({ result: { txid: 'not a txid' } })), btc_providers: [{ id: 'W', name: 'W' }] });
    const account = { address: 'bc1qabc', purpose: 'payment' as const };
    await expect(wallet!.sendTransfer!(account, 'bc1qdef', 1000n)).rejects.toThrow(/no transaction id/);
    await expect(wallet!.sendTransfer!(account, 'bc1qdef', 2n ** 60n)).rejects.toThrow(/too large/);
  });
});
