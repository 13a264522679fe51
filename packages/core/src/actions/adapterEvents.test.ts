import { describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn, fakeConnector } from '../testing/fakeAdapter.ts';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER_NORMAL = OTHER.toLowerCase();

async function connectedCairn(...args: Parameters<typeof createTestCairn>) {
  const test = createTestCairn(...args);
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  await vi.waitFor(() => expect(test.cairn.stores.account().get().balance).toBeDefined());
  return test;
}

describe('wallet-side events', () => {
  it('lists the connectors the adapter discovers, keeping other namespaces', async () => {
    const evm = createFakeAdapter({ connectors: [fakeConnector('io.metamask')] });
    const { cairn } = createTestCairn({ adapter: evm });
    expect(cairn.stores.connection.get().connectors.map((c) => c.id)).toEqual(['io.metamask']);
    evm.announce(fakeConnector('io.rabby'));
    expect(cairn.stores.connection.get().connectors.map((c) => c.id)).toEqual(['io.metamask', 'io.rabby']);
  });

  describe('chainChanged', () => {
    it('to a chain the site did not list opens UnsupportedChain, and back to a listed one closes it', async () => {
      const { cairn, adapter } = await connectedCairn();
      adapter.emitChainChanged('io.metamask', 999);
      expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:999');
      expect(cairn.stores.router.get().history).toEqual([{ view: 'UnsupportedChain' }]);
      expect(cairn.stores.modal.get().open).toBe(true);
      expect(cairn.stores.account().get()).toMatchObject({ caipAddress: `eip155:999:${ADDRESS}`, balance: undefined });

      adapter.emitChainChanged('io.metamask', 10);
      expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
      expect(cairn.stores.modal.get().open).toBe(false);
    });

    it('does not read a balance on a chain the site did not list', async () => {
      const { adapter } = await connectedCairn();
      adapter.emitChainChanged('io.metamask', 999);
      expect(adapter.callsTo('getBalance')).toHaveLength(1);
    });

    it('resets the send form and reads the balance on the new chain', async () => {
      const { cairn, adapter } = await connectedCairn({ adapter: createFakeAdapter({ wallet: { balances: { 'eip155:10': 7n * 10n ** 18n } } }) });
      cairn.stores.send.setAmount('2');
      adapter.emitChainChanged('io.metamask', 10);
      expect(cairn.stores.send.get().sendTokenAmount).toBeUndefined();
      await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBe('7'));
    });

    it('leaves an open modal elsewhere alone when the new chain is listed', async () => {
      const { cairn, adapter } = await connectedCairn();
      cairn.open({ view: 'Networks' });
      adapter.emitChainChanged('io.metamask', 10);
      expect(cairn.stores.router.current().view).toBe('Networks');
      expect(cairn.stores.modal.get().open).toBe(true);
    });

    it('ignores a connector that is not the connected one', async () => {
      const { cairn, adapter } = await connectedCairn();
      adapter.emitChainChanged('io.rabby', 999);
      expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:1');
    });
  });

  describe('accountsChanged', () => {
    it('switches to the new account, normalized, on the same network', async () => {
      const { cairn, adapter } = await connectedCairn();
      adapter.emitAccountsChanged('io.metamask', [OTHER, '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266']);
      expect(cairn.stores.account().get()).toMatchObject({
        status: 'connected',
        address: OTHER_NORMAL,
        caipAddress: `eip155:1:${OTHER_NORMAL}`,
        allAccounts: [OTHER_NORMAL, ADDRESS],
      });
      await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBe('1.5'));
      expect(adapter.callsTo('getBalance').map((call) => call.address)).toEqual([ADDRESS, OTHER_NORMAL]);
    });

    it("takes SPEC §3's account details the wallet gives with the switch, and keeps what it gave of an account before", async () => {
      const { cairn, adapter } = await connectedCairn();
      const key = `0x04${'ab'.repeat(64)}`;
      adapter.emitAccountsChanged('io.metamask', [OTHER, ADDRESS], [{ address: OTHER, type: 'eoa', publicKey: key }]);
      expect(cairn.stores.account().get().accounts).toEqual([
        { namespace: 'eip155', address: OTHER_NORMAL, type: 'eoa', publicKey: key },
        { namespace: 'eip155', address: ADDRESS },
      ]);
      adapter.emitAccountsChanged('io.metamask', [ADDRESS, OTHER]); // addresses alone: the key stays
      expect(cairn.stores.account().get().accounts).toEqual([
        { namespace: 'eip155', address: ADDRESS },
        { namespace: 'eip155', address: OTHER_NORMAL, type: 'eoa', publicKey: key },
      ]);
    });

    it('keeps the account when the wallet reports an address that is not valid', async () => {
      const { cairn, adapter } = await connectedCairn();
      adapter.emitAccountsChanged('io.metamask', ['not-an-address']);
      expect(cairn.stores.account().get().address).toBe(ADDRESS);
    });

    it('with no accounts, disconnects and forgets the stored connection', async () => {
      const { cairn, adapter, storage } = await connectedCairn();
      cairn.open();
      adapter.emitAccountsChanged('io.metamask', []);
      const account = cairn.stores.account().get();
      expect(account.status).toBe('disconnected');
      expect(account.address).toBeUndefined();
      expect(account.caipAddress).toBeUndefined();
      expect(account.connectorId).toBeUndefined();
      expect(cairn.stores.connection.get()).toMatchObject({ status: 'disconnected', connectorId: undefined });
      expect(storage.get('connections')).toBeUndefined();
      expect(storage.get('connectedWallet')).toBeUndefined();
      // The open modal must not keep showing an Account without an account.
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
    });

    it('ignores a connector that is not the connected one', async () => {
      const { cairn, adapter } = await connectedCairn();
      adapter.emitAccountsChanged('io.rabby', []);
      expect(cairn.stores.account().get().status).toBe('connected');
    });
  });

  describe('disconnected', () => {
    it('clears the account, the connection and the stored connection, and goes back to Connect', async () => {
      const { cairn, adapter, storage } = await connectedCairn();
      cairn.stores.send.setAmount('1');
      cairn.open();
      adapter.emitDisconnected('io.metamask');
      const account = cairn.stores.account().get();
      expect(account).toMatchObject({ status: 'disconnected', allAccounts: [], balanceLoading: false });
      expect([account.address, account.caipAddress, account.connectorId, account.balance]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(cairn.stores.connection.get()).toMatchObject({ status: 'disconnected', connectorId: undefined });
      expect(cairn.stores.send.get().sendTokenAmount).toBeUndefined();
      expect(storage.get('connections')).toBeUndefined();
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
    });

    it('keeps the recent wallets', async () => {
      const { cairn, adapter, storage } = await connectedCairn();
      adapter.emitDisconnected('io.metamask');
      expect(storage.get('recentWallets')?.map((wallet) => wallet.id)).toEqual(['io.metamask']);
      expect(cairn.stores.connection.get().recentWallets.map((wallet) => wallet.id)).toEqual(['io.metamask']);
    });

    it('ignores a connector that is not the connected one', async () => {
      const { cairn, adapter } = await connectedCairn();
      adapter.emitDisconnected('io.rabby');
      expect(cairn.stores.account().get().status).toBe('connected');
    });
  });

  it('stops listening after destroy', async () => {
    const { cairn, adapter } = await connectedCairn();
    cairn.destroy();
    expect(adapter.isSetUp).toBe(false);
    adapter.emitChainChanged('io.metamask', 999);
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:1');
  });
});
