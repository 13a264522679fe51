import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '@cairn/server/testing';
import { catalogueWallet, walletIds } from '../../testing/catalogueWallet.ts';
import { createTestCairn, fakeConnector } from '../../testing/fakeAdapter.ts';
import { loadWallets } from './loadWallets.ts';
import { walletListTestContext, withHeldCatalogue } from '../../testing/walletListTestContext.ts';

let server: CatalogueServer;
beforeAll(async () => {
  server = await startCatalogueServer();
});
afterAll(() => server?.close());
afterEach(() => vi.restoreAllMocks());

const api = () => ({ url: server.url, projectId: CATALOGUE_PROJECT_ID });

describe('loading the catalogue for the Connect view', () => {
  it('reads the featured wallets in the site order, 4 recommended and the count', async () => {
    const { ctx } = walletListTestContext({ api: api(), featuredWalletIds: ['me.rainbow', 'nope.unknown', 'io.metamask'] });
    await loadWallets(ctx);
    const state = ctx.walletList.get();
    expect(state.overviewStatus).toBe('ready');
    expect(walletIds(state.featured)).toEqual(['me.rainbow', 'io.metamask']);
    expect(walletIds(state.recommended)).toEqual(['io.metamask', 'com.coin98', 'com.enkrypt', 'io.rabby']);
    expect(state.count).toBe(616);
  });

  it("applies the site's include and exclude to featured, recommended and the count", async () => {
    const { ctx } = walletListTestContext({
      api: api(),
      featuredWalletIds: ['me.rainbow', 'io.metamask'],
      includeWalletIds: ['io.metamask', 'me.rainbow', 'io.rabby'],
      excludeWalletIds: ['io.metamask'],
    });
    await loadWallets(ctx);
    const state = ctx.walletList.get();
    expect(walletIds(state.featured)).toEqual(['me.rainbow']);
    expect(walletIds(state.recommended).sort()).toEqual(['io.rabby', 'me.rainbow']);
    expect(state.count).toBe(2);
  });

  it('matches include and featured ids by catalogue id or rdns, as the server does', async () => {
    // Gate's catalogue id is net.gateweb3, its rdns io.gate.wallet.
    const { ctx } = walletListTestContext({
      api: api(),
      includeWalletIds: ['io.gate.wallet', 'io.metamask'],
      featuredWalletIds: ['net.gateweb3', 'me.rainbow'],
      connectors: [fakeConnector('io.gate.wallet')],
    });
    await loadWallets(ctx);
    const state = ctx.walletList.get();
    expect(walletIds(state.featured)).toEqual(['net.gateweb3']); // Rainbow is not included
    expect(state.pinned).toEqual([]); // installed, but already featured
    expect(walletIds(state.recommended).sort()).toEqual(['io.metamask', 'net.gateweb3']);
  });

  it('looks up the installed and recent wallets, so one far down the catalogue is still found', async () => {
    const { ctx } = walletListTestContext({
      api: api(),
      connectors: [fakeConnector('xyz.ctrl')], // announced over EIP-6963 with rdns xyz.ctrl (catalogue #224)
      recentWallets: [{ id: 'com.cryptokara', name: 'Cryptokara', namespace: 'eip155' }],
    });
    await loadWallets(ctx);
    expect(walletIds(ctx.walletList.get().pinned).sort()).toEqual(['com.cryptokara', 'xyz.ctrl']);
    expect(ctx.walletList.get().featured).toEqual([]);
  });

  it('is one load however often it is asked, kept once loaded', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api, connectors: [] });
      const first = loadWallets(ctx);
      const second = loadWallets(ctx);
      expect(second).toBe(first);
      const request = await stub.request(0);
      expect(Object.fromEntries(request.url.searchParams)).toMatchObject({ page: '1', entries: '4', chains: 'eip155:1,eip155:10' });
      request.reply(200, { data: [catalogueWallet('io.metamask', { name: 'MetaMask' })], count: 1 });
      await first;
      await loadWallets(ctx);
      expect(stub.requests).toHaveLength(1);
    }));

  it('marks a failure, and the next call tries again', () =>
    withHeldCatalogue(async (stub) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { ctx } = walletListTestContext({ api: stub.api, connectors: [] });
      const failing = loadWallets(ctx);
      (await stub.request(0)).reply(500, { message: 'down' });
      await failing;
      expect(ctx.walletList.get().overviewStatus).toBe('error');
      const retry = loadWallets(ctx);
      expect(ctx.walletList.get().overviewStatus).toBe('loading');
      (await stub.request(1)).reply(200, { data: [catalogueWallet('me.rainbow', { name: 'Rainbow' })], count: 1 });
      await retry;
      expect(ctx.walletList.get()).toMatchObject({ overviewStatus: 'ready', count: 1 });
    }));

  it('does nothing without a server', async () => {
    const { ctx } = walletListTestContext();
    await loadWallets(ctx);
    expect(ctx.walletList.get().overviewStatus).toBe('idle');
  });

  it('is on the Cairn object, with the store', async () => {
    const { cairn } = createTestCairn({ api: api(), featuredWalletIds: ['io.rabby'] });
    await cairn.loadWallets();
    expect(walletIds(cairn.stores.walletList.get().featured)).toEqual(['io.rabby']);
    expect(cairn.walletImageUrl('io.rabby')).toMatch(/\/getWalletImage\/io\.rabby\?projectId=cairn-local&/);
  });
});
