import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SDK_TYPE, SDK_VERSION } from './apiConfig.ts';
import { createWalletCatalogueApi, parseWalletPage } from './walletCatalogueApi.ts';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '@cairn/server/testing';

let server: CatalogueServer;
beforeAll(async () => {
  server = await startCatalogueServer();
});
afterAll(() => server?.close());

const api = () => createWalletCatalogueApi({ url: `${server.url}/`, projectId: CATALOGUE_PROJECT_ID });

describe('wallet catalogue client against the real server', () => {
  it('reads a page of 40 and the count of the whole catalogue', async () => {
    const page = await api().getWallets({ page: 1, entries: 40 });
    expect(page.count).toBe(616);
    expect(page.data).toHaveLength(40);
    expect(page.data[0]).toMatchObject({ id: 'io.metamask', name: 'MetaMask', image_id: 'io.metamask', rdns: 'io.metamask' });
    // Only the fields of SPEC §3 (and the links) reach the widget.
    expect(Object.keys(page.data[0]!)).not.toContain('order');
  });

  it('pages without overlap, and the last page is short', async () => {
    const [one, two, last] = await Promise.all([1, 2, 16].map((page) => api().getWallets({ page, entries: 40 })));
    const ids = new Set(one!.data.map((wallet) => wallet.id));
    expect(two!.data.some((wallet) => ids.has(wallet.id))).toBe(false);
    expect(last!.data).toHaveLength(616 - 15 * 40);
  });

  it('searches by name, sends include, exclude and chains', async () => {
    const search = await api().getWallets({ page: 1, entries: 100, search: '  rain ' });
    expect(search.data[0]!.name).toBe('Rainbow');
    const included = await api().getWallets({ page: 1, entries: 100, include: ['me.rainbow', 'io.metamask'], exclude: ['io.metamask'] });
    expect(included.data.map((wallet) => wallet.id)).toEqual(['me.rainbow']);
    const chains = await api().getWallets({ page: 1, entries: 4, chains: ['eip155:1', 'eip155:10'] });
    expect(chains.data).toHaveLength(4);
  });

  it('builds logo URLs the server answers with an image', async () => {
    const url = api().walletImageUrl('io.metamask');
    expect(url).toBe(`${server.url}/getWalletImage/io.metamask?projectId=${CATALOGUE_PROJECT_ID}&st=${SDK_TYPE}&sv=${SDK_VERSION}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
  });

  it("fails with 'HTTP status code: 401' for a project the server does not know", async () => {
    const stranger = createWalletCatalogueApi({ url: server.url, projectId: 'someone-else' });
    await expect(stranger.getWallets({ page: 1, entries: 40 })).rejects.toThrow('HTTP status code: 401');
  });
});

describe('validating what a server sends', () => {
  const good = { id: 'me.rainbow', name: 'Rainbow', image_id: 'me.rainbow', rdns: 'me.rainbow', chains: ['eip155:1'], mobile_link: 'rainbow://' };

  it('drops a bad wallet and keeps the others', () => {
    const page = parseWalletPage({
      data: [good, { ...good, id: 'bad id with spaces' }, { name: 'no id' }, null, { ...good, id: 'x.two', name: '' }, good],
      count: 6,
    });
    expect(page.data.map((wallet) => wallet.id)).toEqual(['me.rainbow']);
    expect(page.count).toBe(6);
  });

  it('drops a link that would run code, not the wallet', () => {
    const [wallet] = parseWalletPage({ data: [{ ...good, mobile_link: 'javascript:alert(1)', webapp_link: 'https://app.rainbow.me' }], count: 1 }).data;
    expect(wallet).toMatchObject({ id: 'me.rainbow', mobile_link: null, webapp_link: 'https://app.rainbow.me', homepage: null });
  });

  it('refuses a response without the documented envelope', () => {
    expect(() => parseWalletPage({ wallets: [] })).toThrow(/Unexpected response/);
    expect(() => parseWalletPage({ data: [], count: -1 })).toThrow(/Unexpected response/);
    expect(() => parseWalletPage('<html>')).toThrow(/Unexpected response/);
  });
});

describe('a server answering garbage', () => {
  let stub: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (stub ? stub.close(() => resolve()) : resolve())));

  it('rejects (never crashes) on a body that is not JSON', async () => {
    stub = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data": [');
    });
    await new Promise<void>((resolve) => stub!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    await expect(createWalletCatalogueApi({ url, projectId: 'p' }).getWallets({ page: 1, entries: 40 })).rejects.toThrow(SyntaxError);
  });
});
