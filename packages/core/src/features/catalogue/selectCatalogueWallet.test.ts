import { describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn, fakeConnector } from '../../testing/fakeAdapter.ts';
import { createScriptedWalletConnect, scriptedWalletConnectPlugin } from '../../testing/scriptedWalletConnect.ts';
import { catalogueWallet } from '../../testing/catalogueWallet.ts';
import type { WalletListItem } from '../../types.ts';
import { WalletConnectText } from '../walletConnect/walletConnectText.ts';

const wallet = (id: string, rdns: string | null): WalletListItem =>
  catalogueWallet(id, { rdns, name: id === 'io.metamask' ? 'MetaMask' : 'Rainbow', chains: ['eip155:1'] });

// Through the public API, with the scripted WalletConnect client the pairing tests use.
function start(options: { walletConnect?: boolean } = {}) {
  const scripted = createScriptedWalletConnect();
  const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask', { name: 'MetaMask' })] });
  const test = createTestCairn({
    adapter,
    ...(options.walletConnect === false
      ? {}
      : { walletConnect: scriptedWalletConnectPlugin(async () => scripted.client) }),
  });
  return { ...test, scripted };
}

describe('picking a catalogue wallet', () => {
  it('connects an installed wallet (its rdns announced over EIP-6963) through the browser', async () => {
    const { cairn, adapter, scripted } = start();
    cairn.open({ view: 'AllWallets' });
    await expect(cairn.selectWallet(wallet('io.metamask', 'io.metamask'))).resolves.toBe(true);
    expect(adapter.callsTo('connect')).toEqual([expect.objectContaining({ connectorId: 'io.metamask' })]);
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected' });
    expect(scripted.uris).toEqual([]);
  });

  it('pairs any other wallet over WalletConnect, on its Connecting view, with the wallet', async () => {
    const { cairn, adapter, scripted } = start();
    cairn.open({ view: 'AllWallets' });
    const rainbow = wallet('me.rainbow', 'me.rainbow');
    const pending = cairn.selectWallet(rainbow);
    // The WalletConnect chunk loads first: over vi.waitFor's 1 s default on a busy machine (1,257 ms in a clean run).
    await vi.waitFor(() => expect(cairn.stores.walletConnect.get().status).toBe('waiting'), { timeout: 10_000 });
    expect(cairn.stores.router.current()).toEqual({ view: 'ConnectingWalletConnect', data: { wallet: rainbow } });
    expect(cairn.stores.walletConnect.get()).toMatchObject({ wallet: rainbow, uri: scripted.uris[0] });
    scripted.approve();
    await expect(pending).resolves.toBe(true);
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' });
    expect(adapter.callsTo('connect')).toEqual([expect.objectContaining({ connectorId: 'walletConnect' })]);
  });

  it('refuses a wallet that is not installed, clearly, when the site has no WalletConnect', async () => {
    const { cairn } = start({ walletConnect: false });
    cairn.open({ view: 'AllWallets' });
    await expect(cairn.selectWallet(wallet('me.rainbow', 'me.rainbow'))).rejects.toThrow(WalletConnectText.notConfigured);
    expect(cairn.stores.router.current().view).toBe('AllWallets');
  });
});
