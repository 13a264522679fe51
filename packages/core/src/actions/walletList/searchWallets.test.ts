import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetWalletsParams } from '../../api/walletCatalogueApi.ts';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '../../api/walletCatalogueApi.testServer.ts';
import { WALLET_SEARCH_DEBOUNCE_MS } from '../../constants.ts';
import { searchWallets } from './searchWallets.ts';
import { catalogueWallet, heldCatalogueServer, walletListTestContext } from './walletListTestContext.ts';

let server: CatalogueServer;
beforeAll(async () => {
  server = await startCatalogueServer();
});
afterAll(() => server?.close());

/** A context on the real server, recording what the catalogue is asked. */
function onRealServer() {
  const test = walletListTestContext({ api: { url: server.url, projectId: CATALOGUE_PROJECT_ID } });
  const calls: GetWalletsParams[] = [];
  const catalogue = test.ctx.catalogue!;
  test.ctx.catalogue = { ...catalogue, getWallets: (params) => (calls.push(params), catalogue.getWallets(params)) };
  return { ...test, calls };
}

describe('searching the catalogue', () => {
  it('waits 300 ms after the last keystroke, then asks once for 100 results', async () => {
    const { ctx, timers, calls, events } = onRealServer();
    void searchWallets(ctx, 'r');
    timers.advance(200);
    void searchWallets(ctx, 'ra');
    timers.advance(200);
    const done = searchWallets(ctx, 'rain');
    expect(ctx.walletList.get()).toMatchObject({ query: 'rain', searchStatus: 'waiting' });
    timers.advance(WALLET_SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    timers.advance(1);
    await done;
    expect(calls).toEqual([expect.objectContaining({ page: 1, entries: 100, search: 'rain', chains: ['eip155:1', 'eip155:10'] })]);
    const state = ctx.walletList.get();
    expect(state).toMatchObject({ searchStatus: 'ready', searchedQuery: 'rain' });
    expect(state.searchResults[0]!.name).toBe('Rainbow');
    expect(events.filter((event) => event.event === 'SEARCH_WALLET').map((event) => event.properties)).toEqual([{ search: 'rain' }]);
  });

  it('finds nothing for a name no wallet has', async () => {
    const { ctx, timers } = onRealServer();
    const done = searchWallets(ctx, 'zzqqxx-no-such-wallet');
    timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
    await done;
    expect(ctx.walletList.get()).toMatchObject({ searchStatus: 'ready', searchResults: [] });
  });

  it('returns to the list on an empty query, cancelling the pending search', async () => {
    const { ctx, timers, calls } = onRealServer();
    const pending = searchWallets(ctx, 'trust');
    await searchWallets(ctx, '   ');
    await pending; // settled by the newer call
    timers.advance(WALLET_SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toEqual([]);
    expect(timers.pending()).toBe(0);
    expect(ctx.walletList.get()).toMatchObject({ searchStatus: 'idle', searchResults: [] });
  });

  it('keeps the latest query when an older answer arrives late', async () => {
    const stub = await heldCatalogueServer();
    try {
      const { ctx, timers } = walletListTestContext({ api: { url: stub.url, projectId: 'p' } });
      const older = searchWallets(ctx, 'rai');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      const olderRequest = await stub.request(0);
      const newer = searchWallets(ctx, 'rainbow');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      const newerRequest = await stub.request(1);
      expect(newerRequest.url.searchParams.get('search')).toBe('rainbow');
      newerRequest.reply(200, { data: [catalogueWallet('me.rainbow', 'Rainbow')], count: 1 });
      await newer;
      olderRequest.reply(200, { data: [catalogueWallet('x.raid', 'Raid'), catalogueWallet('me.rainbow', 'Rainbow')], count: 2 });
      await older;
      expect(ctx.walletList.get()).toMatchObject({ searchedQuery: 'rainbow', searchStatus: 'ready' });
      expect(ctx.walletList.get().searchResults.map((wallet) => wallet.id)).toEqual(['me.rainbow']);
    } finally {
      await stub.close();
    }
  });

  it('drops an answer that arrives after the search was cleared', async () => {
    const stub = await heldCatalogueServer();
    try {
      const { ctx, timers } = walletListTestContext({ api: { url: stub.url, projectId: 'p' } });
      const search = searchWallets(ctx, 'rain');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      const request = await stub.request(0);
      await searchWallets(ctx, '');
      request.reply(200, { data: [catalogueWallet('me.rainbow', 'Rainbow')], count: 1 });
      await search;
      expect(ctx.walletList.get()).toMatchObject({ query: '', searchStatus: 'idle', searchResults: [] });
    } finally {
      await stub.close();
    }
  });

  it('says why a search failed, and the retry asks again at once', async () => {
    const stub = await heldCatalogueServer();
    try {
      const { ctx, timers } = walletListTestContext({ api: { url: stub.url, projectId: 'p' } });
      const search = searchWallets(ctx, 'rain');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      (await stub.request(0)).reply(500, {});
      await search;
      expect(ctx.walletList.get()).toMatchObject({ searchStatus: 'error', searchError: 'HTTP status code: 500' });
      const retry = searchWallets(ctx, 'rain', { immediate: true });
      (await stub.request(1)).reply(200, { data: [catalogueWallet('me.rainbow', 'Rainbow')], count: 1 });
      await retry;
      expect(ctx.walletList.get()).toMatchObject({ searchStatus: 'ready', searchError: undefined });
    } finally {
      await stub.close();
    }
  });
});
