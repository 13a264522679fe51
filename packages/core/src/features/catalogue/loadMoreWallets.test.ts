import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '@cairn/server/testing';
import { catalogueWallet, walletIds } from '../../testing/catalogueWallet.ts';
import { createWalletCatalogueApi } from '../../api/walletCatalogueApi.ts';
import { loadMoreWallets } from './loadMoreWallets.ts';
import { PAGING_RESERVE } from '../../rules/requestBudget.ts';
import { walletListTestContext, withHeldCatalogue } from '../../testing/walletListTestContext.ts';

let server: CatalogueServer;
beforeAll(async () => {
  server = await startCatalogueServer();
});
afterAll(() => server?.close());

const page = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => catalogueWallet(`w.n${from + index}`));

describe('All Wallets pages', () => {
  it('loads pages of 40 in the server order, then stops at the count', async () => {
    const { ctx } = walletListTestContext({ api: { url: server.url, projectId: CATALOGUE_PROJECT_ID } });
    await loadMoreWallets(ctx);
    expect(ctx.walletList.get()).toMatchObject({ page: 1, count: 616, complete: false, pageStatus: 'idle' });
    expect(ctx.walletList.get().wallets).toHaveLength(40);
    expect(ctx.walletList.get().wallets[0]!.id).toBe('io.metamask');
    while (!ctx.walletList.get().complete) await loadMoreWallets(ctx);
    const { wallets, page: pages } = ctx.walletList.get();
    expect(pages).toBe(16);
    expect(wallets).toHaveLength(616);
    expect(new Set(walletIds(wallets)).size).toBe(616);
    const before = ctx.walletList.get();
    await loadMoreWallets(ctx);
    expect(ctx.walletList.get()).toBe(before); // nothing asked, nothing changed
  });

  it('has one request in flight, shared by a second call', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      const first = loadMoreWallets(ctx);
      expect(loadMoreWallets(ctx)).toBe(first);
      expect(ctx.walletList.get().pageStatus).toBe('loading');
      const request = await stub.request(0);
      expect(Object.fromEntries(request.url.searchParams)).toMatchObject({ page: '1', entries: '40', projectId: 'p', st: 'cairn' });
      request.reply(200, { data: page(0, 40), count: 100 });
      await first;
      expect(stub.requests).toHaveLength(1);
    }));

  it('lists a wallet once when the server repeats it on the next page', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      const first = loadMoreWallets(ctx);
      (await stub.request(0)).reply(200, { data: page(0, 40), count: 80 });
      await first;
      const second = loadMoreWallets(ctx);
      // The catalogue changed between the pages: its first entries moved down by two.
      (await stub.request(1)).reply(200, { data: page(38, 78), count: 80 });
      await second;
      expect(walletIds(ctx.walletList.get().wallets)).toEqual(walletIds(page(0, 78)));
      expect(ctx.walletList.get().complete).toBe(true);
    }));

  it("retries a page refused with 429 after the server's Retry-After, and the list goes on (issue 29)", () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      // The client as createCairn makes it, with its retries (the test context's has none).
      ctx.catalogue = createWalletCatalogueApi(stub.api);
      const loading = loadMoreWallets(ctx);
      const refused = await stub.request(0);
      const refusedAt = performance.now();
      refused.reply(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests: try again in 1 second' }, { 'retry-after': '1' });
      const again = await stub.request(1);
      expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(950);
      expect(ctx.walletList.get().pageStatus).toBe('loading');
      expect(again.url.searchParams.get('page')).toBe('1');
      again.reply(200, { data: page(0, 40), count: 100 });
      await loading;
      expect(ctx.walletList.get()).toMatchObject({ page: 1, pageStatus: 'idle', pageError: undefined });
      expect(ctx.walletList.get().wallets).toHaveLength(40);
    }));

  it("pauses the paging at the reserve of the server's budget until its window starts again, instead of meeting a 429 (issue 29)", () =>
    withHeldCatalogue(async (stub) => {
      const { ctx, timers } = walletListTestContext({ api: stub.api });
      const first = loadMoreWallets(ctx);
      (await stub.request(0)).reply(200, { data: page(0, 40), count: 120 }, { 'x-ratelimit-remaining': String(PAGING_RESERVE + 1), 'x-ratelimit-reset': '20' });
      await first;
      // Above the reserve: the next page goes at once.
      const second = loadMoreWallets(ctx);
      (await stub.request(1)).reply(200, { data: page(40, 80), count: 120 }, { 'x-ratelimit-remaining': String(PAGING_RESERVE), 'x-ratelimit-reset': '2' });
      await second;
      const third = loadMoreWallets(ctx);
      expect(ctx.walletList.get().pageStatus).toBe('loading');
      timers.advance(1999);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stub.requests).toHaveLength(2);
      timers.advance(1);
      const request = await stub.request(2);
      expect(request.url.searchParams.get('page')).toBe('3');
      request.reply(200, { data: page(80, 120), count: 120 });
      await third;
      expect(ctx.walletList.get()).toMatchObject({ page: 3, complete: true, pageStatus: 'idle' });
    }));

  it("reads the budget the server's own limiter reports", async () => {
    const limited = await startCatalogueServer([], { RATE_LIMIT_PER_MINUTE: '50' });
    try {
      const result = await createWalletCatalogueApi({ url: limited.url, projectId: CATALOGUE_PROJECT_ID }, { retries: 0 }).getWallets({ page: 1, entries: 40 });
      expect(result.budget?.remaining).toBe(49);
      expect(result.budget?.resetMs).toBeGreaterThan(0);
      expect(result.budget?.resetMs).toBeLessThanOrEqual(60_000);
    } finally {
      await limited.close();
    }
  });

  it('keeps the pages after a failure, says why, and the retry asks for the same page', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      const first = loadMoreWallets(ctx);
      (await stub.request(0)).reply(200, { data: page(0, 40), count: 120 });
      await first;
      const failing = loadMoreWallets(ctx);
      (await stub.request(1)).reply(503, {});
      await failing;
      expect(ctx.walletList.get()).toMatchObject({ page: 1, pageStatus: 'error', pageError: 'HTTP status code: 503' });
      expect(ctx.walletList.get().wallets).toHaveLength(40);
      const retry = loadMoreWallets(ctx);
      const request = await stub.request(2);
      expect(request.url.searchParams.get('page')).toBe('2');
      request.reply(200, { data: page(40, 80), count: 120 });
      await retry;
      expect(ctx.walletList.get()).toMatchObject({ page: 2, pageStatus: 'idle', pageError: undefined });
    }));

  it('fails the first page without listing anything, and says why', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      const failing = loadMoreWallets(ctx);
      (await stub.request(0)).reply(200, { wallets: [] });
      await failing;
      expect(ctx.walletList.get()).toMatchObject({ page: 0, wallets: [], complete: false, pageStatus: 'error' });
      expect(ctx.walletList.get().pageError).toMatch(/^Unexpected response from \/getWallets/);
    }));

  it('ends on an empty page even when the count says there are more', () =>
    withHeldCatalogue(async (stub) => {
      const { ctx } = walletListTestContext({ api: stub.api });
      const load = loadMoreWallets(ctx);
      (await stub.request(0)).reply(200, { data: [], count: 5000 });
      await load;
      expect(ctx.walletList.get().complete).toBe(true);
    }));

  it('does nothing without a server', async () => {
    const { ctx } = walletListTestContext();
    const before = ctx.walletList.get();
    await loadMoreWallets(ctx);
    expect(ctx.walletList.get()).toBe(before);
  });
});
