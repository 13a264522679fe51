import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetWalletsParams } from '../../api/walletCatalogueApi.ts';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '@cairn/server/testing';
import { WALLET_SEARCH_DEBOUNCE_MS } from '../../constants.ts';
import { catalogueWallet, walletIds } from '../../testing/catalogueWallet.ts';
import { searchWallets } from './searchWallets.ts';
import { walletListTestContext, withHeldCatalogue } from '../../testing/walletListTestContext.ts';

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

const rainbow = catalogueWallet('me.rainbow', { name: 'Rainbow' });

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

  it('keeps the latest query when an older answer arrives late', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx, timers } = walletListTestContext({ api: stub.api });
      const older = searchWallets(ctx, 'rai');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      const olderRequest = await stub.request(0);
      const newer = searchWallets(ctx, 'rainbow');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      const newerRequest = await stub.request(1);
      expect(newerRequest.url.searchParams.get('search')).toBe('rainbow');
      newerRequest.reply(200, { data: [rainbow], count: 1 });
      await newer;
      olderRequest.reply(200, { data: [catalogueWallet('x.raid', { name: 'Raid' }), rainbow], count: 2 });
      await older;
      expect(ctx.walletList.get()).toMatchObject({ searchedQuery: 'rainbow', searchStatus: 'ready' });
      expect(walletIds(ctx.walletList.get().searchResults)).toEqual(['me.rainbow']);
    }));

  it('drops an answer that arrives after the search was cleared', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx, timers } = walletListTestContext({ api: stub.api });
      const search = searchWallets(ctx, 'rain');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      const request = await stub.request(0);
      await searchWallets(ctx, '');
      request.reply(200, { data: [rainbow], count: 1 });
      await search;
      expect(ctx.walletList.get()).toMatchObject({ query: '', searchStatus: 'idle', searchResults: [] });
    }));

  it('says why a search failed, and the retry asks again at once', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx, timers } = walletListTestContext({ api: stub.api });
      const search = searchWallets(ctx, 'rain');
      timers.advance(WALLET_SEARCH_DEBOUNCE_MS);
      (await stub.request(0)).reply(500, {});
      await search;
      expect(ctx.walletList.get()).toMatchObject({ searchStatus: 'error', searchError: 'HTTP status code: 500' });
      const retry = searchWallets(ctx, 'rain', { immediate: true });
      (await stub.request(1)).reply(200, { data: [rainbow], count: 1 });
      await retry;
      expect(ctx.walletList.get()).toMatchObject({ searchStatus: 'ready', searchError: undefined });
    }));

  it('fails the search on an answer without the documented shape, never shows it', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      const search = searchWallets(ctx, 'rain', { immediate: true });
      (await stub.request(0)).reply(200, '<html>');
      await search;
      const state = ctx.walletList.get();
      expect(state).toMatchObject({ query: 'rain', searchStatus: 'error', searchResults: [] });
      expect(state.searchedQuery).toBeUndefined();
      expect(state.searchError).toMatch(/^Unexpected response from \/getWallets/);
    }));

  it('without a catalogue, settles at once, asks nothing and changes only the query', async () => {
    const { ctx, timers, events } = walletListTestContext();
    const before = ctx.walletList.get();
    await searchWallets(ctx, 'rainbow');
    // Only the field's text is kept; the list stays as it was, with no search running.
    expect(ctx.walletList.get()).toEqual({ ...before, query: 'rainbow' });
    expect(timers.pending()).toBe(0);
    expect(events.filter((event) => event.event === 'SEARCH_WALLET')).toEqual([]);
  });
});
