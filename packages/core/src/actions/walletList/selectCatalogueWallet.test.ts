import { describe, expect, it, vi } from 'vitest';
import { fakeConnector } from '../../testing/fakeAdapter.ts';
import type { WalletListItem } from '../../types.ts';
import { startWalletConnect } from '../walletConnect/startWalletConnect.ts';
import { selectCatalogueWallet } from './selectCatalogueWallet.ts';
import { walletListTestContext } from './walletListTestContext.ts';
import { catalogueWallet } from '../../testing/catalogueWallet.ts';

// WalletConnect pairing is tested with its own actions; here only the hand-over is checked.
vi.mock('../walletConnect/startWalletConnect.ts', () => ({ startWalletConnect: vi.fn(async () => false) }));

const wallet = (id: string, rdns: string | null): WalletListItem =>
  catalogueWallet(id, { rdns, name: id === 'io.metamask' ? 'MetaMask' : 'Rainbow', chains: ['eip155:1'] });

describe('picking a catalogue wallet', () => {
  it('connects an installed wallet (its rdns announced over EIP-6963) through the browser', async () => {
    const { ctx, adapter } = walletListTestContext({ connectors: [fakeConnector('io.metamask', { name: 'MetaMask' })] });
    ctx.router.push('AllWallets');
    await expect(selectCatalogueWallet(ctx, wallet('io.metamask', 'io.metamask'))).resolves.toBe(true);
    expect(adapter.callsTo('connect')).toEqual([expect.objectContaining({ connectorId: 'io.metamask' })]);
    expect(ctx.connection.get()).toMatchObject({ status: 'connected' });
    expect(startWalletConnect).not.toHaveBeenCalled();
  });

  it('hands any other wallet to WalletConnect, with the wallet', async () => {
    const { ctx, adapter } = walletListTestContext({ connectors: [fakeConnector('io.metamask')] });
    const rainbow = wallet('me.rainbow', 'me.rainbow');
    await selectCatalogueWallet(ctx, rainbow);
    expect(startWalletConnect).toHaveBeenCalledWith(ctx, { wallet: rainbow });
    expect(adapter.callsTo('connect')).toEqual([]);
  });
});
