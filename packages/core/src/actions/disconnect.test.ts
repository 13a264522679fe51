import { describe, expect, it, vi } from 'vitest';
import { ErrorText } from '../errors.ts';
import { createFakeAdapter, createTestCairn, fakeConnector } from '../testing/fakeAdapter.ts';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const RABBY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

async function connectedCairn() {
  const test = createTestCairn();
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  await vi.waitFor(() => expect(test.cairn.stores.account().get().balance).toBe('1.5'));
  return test;
}

describe('disconnect', () => {
  it('resets the account and the connection (SPEC §4)', async () => {
    const { cairn, adapter } = await connectedCairn();
    cairn.stores.send.setAmount('1');
    await cairn.disconnect();
    expect(adapter.callsTo('disconnect')).toEqual([{ connectorId: 'io.metamask' }]);
    expect(cairn.stores.account().get()).toEqual({
      namespace: 'eip155',
      status: 'disconnected',
      allAccounts: [],
      accounts: [],
      balanceLoading: false,
      address: undefined,
      caipAddress: undefined,
      connectorId: undefined,
      balance: undefined,
      balanceSymbol: undefined,
      balanceError: undefined,
      balanceUsd: undefined,
      tokenBalance: [],
    });
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'disconnected', connectorId: undefined, connecting: undefined });
    expect(cairn.stores.send.get().sendTokenAmount).toBeUndefined();
  });

  it('forgets the stored connection but keeps the recent wallets', async () => {
    const { cairn, storage } = await connectedCairn();
    await cairn.disconnect();
    expect(storage.get('connections')).toBeUndefined();
    expect(storage.get('connectedWallet')).toBeUndefined();
    expect(storage.get('recentWallets')?.map((wallet) => wallet.id)).toEqual(['io.metamask']);
  });

  it('emits DISCONNECT_SUCCESS, closes the modal through the close path and resets the router to Connect', async () => {
    const { cairn, eventNames } = await connectedCairn();
    cairn.open({ view: 'Networks' });
    await cairn.disconnect();
    expect(eventNames().slice(-2)).toEqual(['DISCONNECT_SUCCESS', 'MODAL_CLOSE']);
    expect(cairn.stores.modal.get().open).toBe(false);
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
  });

  it('does not restore the connection on the next page load', async () => {
    const { cairn, backend } = await connectedCairn();
    await cairn.disconnect();
    const next = createTestCairn({ backend });
    await next.cairn.ready;
    expect(next.cairn.stores.connection.get().status).toBe('disconnected');
    expect(next.adapter.callsTo('reconnect')).toEqual([]);
  });

  it("rejects with exactly 'Failed to disconnect' when the wallet fails, and stays connected", async () => {
    const { cairn, adapter, storage, eventNames } = await connectedCairn();
    const cause = new Error('wallet_revokePermissions failed');
    adapter.failNext('disconnect', cause);
    const error = await cairn.disconnect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(ErrorText.failedToDisconnect);
    expect(ErrorText.failedToDisconnect).toBe('Failed to disconnect');
    expect((error as Error).cause).toBe(cause);
    expect(eventNames()).toContain('DISCONNECT_ERROR');
    expect(eventNames()).not.toContain('DISCONNECT_SUCCESS');
    expect(cairn.stores.connection.get().status).toBe('connected');
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', address: ADDRESS, connectorId: 'io.metamask' });
    expect(storage.get('connections')).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }]);
  });

  it("resets the chain's network state (SPEC §4): a network the site does not list gives way to the site's default", async () => {
    // The wallet is on Polygon, which the site does not list: UnsupportedChain while connected.
    const test = createTestCairn({ adapter: createFakeAdapter({ wallet: { chainId: 137 } }) });
    await test.cairn.ready;
    await test.cairn.connect('io.metamask');
    expect(test.cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:137');
    await test.cairn.disconnect();
    expect(test.cairn.stores.network.get()).toMatchObject({ activeCaipNetworkId: 'eip155:1', activeNamespace: 'eip155', switching: false, switchError: undefined });
    expect(test.storage.get('activeNetwork')).toBe('eip155:1');
  });

  it("keeps a listed network the wallet was on: the visitor's choice stands", async () => {
    const test = createTestCairn({ adapter: createFakeAdapter({ wallet: { chainId: 10 } }) });
    await test.cairn.ready;
    await test.cairn.connect('io.metamask');
    await test.cairn.disconnect();
    expect(test.cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
  });

  it('a disconnect still waiting on the wallet does not undo the connection the visitor made meanwhile', async () => {
    const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')] });
    const { cairn } = createTestCairn({ adapter });
    await cairn.ready;
    await cairn.connect('io.metamask');
    cairn.open();
    const revoke = adapter.holdNext('disconnect');
    const leaving = cairn.disconnect();
    adapter.next('connect', () => ({ address: RABBY, chainId: 1, accounts: [RABBY] }));
    await expect(cairn.connect('io.rabby')).resolves.toBe(true);
    cairn.open();

    revoke.resolve(undefined);
    await leaving;
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby' });
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby', address: RABBY.toLowerCase() });
    expect(cairn.stores.modal.get().open).toBe(true);
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
  });
});
