import type { AdapterEvents, Connector } from '@cairn/core';
import { isUserRejection } from '@cairn/core';
import { BITCOIN_TEST_ACCOUNTS, createBitcoinTestWallet, mineBitcoinBlocks } from '@cairn/devnet';
import { useTestBitcoinChain } from '@cairn/devnet/testing';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { verifyBip322 } from './bip322/index.ts';
import { createBitcoinAdapter } from './bitcoinAdapter.ts';
import { defineBitcoinNetwork } from './defineNetwork.ts';
import { createEsploraClient } from './esplora/esploraClient.ts';

// The adapter against the real regtest chain (bcoin behind the Esplora facade) and the test
// wallet, found once through WBIP004 and once through the Wallet Standard.
const chain = useTestBitcoinChain();
const network = () => defineBitcoinNetwork({ network: 'regtest', name: 'Bitcoin Local', esploraUrl: chain().esploraUrl });

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
}

function setUp(accountIndex: number, via: 'wbip004' | 'walletStandard') {
  const account = BITCOIN_TEST_ACCOUNTS[accountIndex]!;
  const name = `Test ${accountIndex} ${via}`;
  const testWallet = createBitcoinTestWallet({ secretKey: account.secretKey, esploraUrl: chain().esploraUrl, name, storage: memoryStorage() });
  // In Node there is no window: WBIP004's providers sit on an object of the test's own.
  const root: Record<string, unknown> = {};
  let unregister = () => {};
  if (via === 'wbip004') {
    root.TestBitcoin = { provider: testWallet.provider };
    root.btc_providers = [{ id: 'TestBitcoin.provider', name }];
  } else {
    unregister = getWallets().register(testWallet.wallet as unknown as Wallet).valueOf() as () => void;
  }
  const seen: { connectors: Connector[][] } = { connectors: [] };
  const events: AdapterEvents = { connectorsChanged: (connectors) => seen.connectors.push([...connectors]), accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} };
  const adapter = createBitcoinAdapter({ wallets: getWallets(), root });
  const cleanup = adapter.setup(events);
  const connectorId = via === 'wbip004' ? 'wbip004:TestBitcoin.provider' : `wallet-standard-bitcoin:${name}`;
  return { adapter, testWallet, account, connectorId, seen, stop: () => (cleanup(), unregister()) };
}


describe.each(['wbip004', 'walletStandard'] as const)('the bitcoin adapter through %s', (via) => {
  it('finds the wallet, connects payment first then ordinals, reads the balance through Esplora', async () => {
    const { adapter, account, connectorId, stop } = setUp(0, via);
    expect(await adapter.waitForConnector(connectorId, 1000)).toMatchObject({ chain: 'bip122', type: via === 'wbip004' ? 'INJECTED' : 'ANNOUNCED' });
    expect(await adapter.reconnect({ connectorId, network: network() })).toBeUndefined(); // not yet trusted: no prompt
    const result = await adapter.connect({ connectorId, network: network() });
    // SPEC §3's library-level account: each purpose with its key, as the wallet gives it (compressed for payment, x-only for taproot).
    const secret = Buffer.from(account.secretKey, 'hex');
    expect(result).toEqual({
      address: account.payment,
      chainId: network().id,
      accounts: [account.payment, account.ordinals],
      accountDetails: [
        { address: account.payment, type: 'payment', publicKey: Buffer.from(secp256k1.getPublicKey(secret, true)).toString('hex') },
        { address: account.ordinals, type: 'ordinals', publicKey: Buffer.from(schnorr.getPublicKey(secret)).toString('hex') },
      ],
    });
    const balance = await adapter.getBalance({ address: account.payment, network: network() });
    const onChain = await createEsploraClient({ url: chain().esploraUrl }).getBalance(account.payment);
    expect(balance).toMatchObject({ symbol: 'BTC', decimals: 8, value: onChain.total });
    expect(await adapter.reconnect({ connectorId, network: network() })).toMatchObject({ address: account.payment });
    await adapter.disconnect({ connectorId });
    expect(await adapter.reconnect({ connectorId, network: network() })).toBeUndefined();
    stop();
  });

  it('signs with BIP-322 for the payment (P2WPKH) and ordinals (P2TR) addresses, and the verifier accepts both', async () => {
    const { adapter, account, connectorId, stop } = setUp(0, via);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    // The site's own call (cairn.request): the payment address unless one is named.
    const asked = (await adapter.request!({ connectorId, method: 'signMessage', params: { message: 'Hello' } })) as { address: string; signature: string };
    expect(asked.address).toBe(account.payment);
    expect(verifyBip322({ message: 'Hello', address: asked.address, signature: asked.signature, network: 'regtest' })).toBe(true);
    await expect(adapter.request!({ connectorId, method: 'sendTransfer', params: {} })).rejects.toThrow(/Unsupported Bitcoin request/);
    for (const address of [account.payment, account.ordinals]) {
      const signature = await adapter.signMessage({ connectorId, address, message: 'Sign in to Cairn' });
      expect(verifyBip322({ message: 'Sign in to Cairn', address, signature, network: 'regtest' })).toBe(true);
      expect(verifyBip322({ message: 'Sign in to Cairn!', address, signature, network: 'regtest' })).toBe(false);
    }
    stop();
  });

  it('passes a declined request on as a user rejection (4001)', async () => {
    const { adapter, testWallet, connectorId, stop } = setUp(0, via);
    await adapter.waitForConnector(connectorId, 1000);
    testWallet.rejectNext();
    const declined = await adapter.connect({ connectorId, network: network() }).catch((error: unknown) => error);
    expect(isUserRejection(declined)).toBe(true);
    stop();
  });
});

describe('bitcoin sends', () => {
  it.each([
    ['wbip004', 1],
    ['walletStandard', 2],
  ] as const)('sends BTC through %s, waits for the block, and the receiver holds it', async (via, index) => {
    const { adapter, account, connectorId, stop } = setUp(index, via);
    await adapter.waitForConnector(connectorId, 1000);
    await adapter.connect({ connectorId, network: network() });
    const receiver = BITCOIN_TEST_ACCOUNTS[4]!.ordinals;
    const esplora = createEsploraClient({ url: chain().esploraUrl });
    const before = await esplora.getBalance(receiver);
    const fee = await adapter.estimateSend!({ network: network(), from: account.payment, receiver, amount: 1n });
    expect(fee).toBeGreaterThan(100n);
    expect(fee).toBeLessThan(2_000n);
    const txid = await adapter.sendToken!({ connectorId, network: network(), from: account.payment, receiver, amount: 12_345_678n });
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    const confirmed = adapter.waitForTransaction!({ network: network(), hash: txid });
    await mineBitcoinBlocks(chain().esploraUrl);
    expect(await confirmed).toBe('success');
    expect((await esplora.getBalance(receiver)).confirmed).toBe(before.confirmed + 12_345_678n);
    stop();
  });
});
