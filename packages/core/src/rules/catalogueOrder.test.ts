import { describe, expect, it } from 'vitest';
import type { RecentWallet } from '../storage.ts';
import type { Connector, WalletListItem } from '../types.ts';
import { catalogueTagger, connectViewCatalogue, findInstalledConnector, orderCatalogueWallets, type CatalogueContext } from './catalogueOrder.ts';
import { catalogueWallet } from '../testing/catalogueWallet.ts';

const wallet = (id: string, rdns: string | null = null): WalletListItem => catalogueWallet(id, { rdns });
const announced = (rdns: string): Connector => ({ id: rdns, name: rdns, type: 'ANNOUNCED', chain: 'eip155', info: { rdns } });
const recent = (id: string, rdns?: string): RecentWallet => ({ id, name: id, namespace: 'eip155', ...(rdns ? { rdns } : {}) });

const metamask = wallet('io.metamask', 'io.metamask');
const rainbow = wallet('me.rainbow', 'me.rainbow');
const trust = wallet('com.trustwallet.app', 'com.trustwallet.app');
const zerion = wallet('io.zerion.wallet', 'io.zerion.wallet');
const ledger = wallet('com.ledger');
const safe = wallet('global.safe');

const ids = (wallets: readonly WalletListItem[]) => wallets.map((wallet) => wallet.id);
const tags = (context: CatalogueContext, wallets: readonly WalletListItem[]) => wallets.map((wallet) => catalogueTagger(context)(wallet).tag);

describe('All Wallets order', () => {
  it('puts featured first, then recent, then installed, then the rest in server order, each once', () => {
    const context = { featured: [safe, ledger], recentWallets: [recent('me.rainbow')], connectors: [announced('io.zerion.wallet')] };
    const items = orderCatalogueWallets({ ...context, wallets: [metamask, rainbow, trust, zerion, ledger, safe] });
    expect(ids(items)).toEqual(['global.safe', 'com.ledger', 'me.rainbow', 'io.zerion.wallet', 'io.metamask', 'com.trustwallet.app']);
    expect(tags(context, items)).toEqual(['featured', 'featured', 'recent', 'installed', undefined, undefined]);
    expect(catalogueTagger(context)(zerion).connectorId).toBe('io.zerion.wallet');
  });

  it('keeps the recent order, at most 2, and finds a recent wallet by its rdns', () => {
    const context = {
      featured: [],
      // The connector id of an announced wallet is its rdns; a WalletConnect one may be the catalogue id.
      recentWallets: [recent('com.trustwallet.app'), recent('some.connector', 'io.metamask'), recent('me.rainbow')],
      connectors: [],
    };
    const items = orderCatalogueWallets({ ...context, wallets: [metamask, rainbow, trust, zerion] });
    expect(ids(items)).toEqual(['com.trustwallet.app', 'io.metamask', 'me.rainbow', 'io.zerion.wallet']);
    expect(tags(context, items)).toEqual(['recent', 'recent', undefined, undefined]);
  });

  it('leaves out recent wallets that are not catalogue wallets (an unknown extension)', () => {
    const items = orderCatalogueWallets({ featured: [], wallets: [metamask], recentWallets: [recent('dev.cairn.testwallet')], connectors: [] });
    expect(ids(items)).toEqual(['io.metamask']);
  });

  it('tags an installed featured wallet as installed but keeps it in the featured place', () => {
    const context = { featured: [rainbow], recentWallets: [], connectors: [announced('me.rainbow')] };
    const items = orderCatalogueWallets({ ...context, wallets: [metamask, rainbow] });
    expect(items[0]).toBe(rainbow);
    expect(catalogueTagger(context)(rainbow)).toEqual({ wallet: rainbow, tag: 'installed', connectorId: 'me.rainbow' });
  });

  it('matches installed wallets only by an EIP-6963 announcement, not by a plain injected provider', () => {
    const injected: Connector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', info: { rdns: 'io.metamask' } };
    expect(findInstalledConnector(metamask, [injected])).toBeUndefined();
    expect(findInstalledConnector(ledger, [announced('com.ledger')])).toBeUndefined(); // no rdns in the catalogue
    expect(findInstalledConnector(metamask, [injected, announced('io.metamask')])?.type).toBe('ANNOUNCED');
  });

  it('orders 10,000 wallets in one pass', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => wallet(`bench.wallet${index}`, `bench.wallet${index}`));
    const started = performance.now();
    const items = orderCatalogueWallets({ featured: [many[500]!], wallets: many, recentWallets: [recent('bench.wallet9000')], connectors: [announced('bench.wallet9999')] });
    expect(performance.now() - started).toBeLessThan(100);
    expect(ids(items).slice(0, 4)).toEqual(['bench.wallet500', 'bench.wallet9000', 'bench.wallet9999', 'bench.wallet0']);
    expect(new Set(ids(items)).size).toBe(10_000);
  });
});

describe('the looked-up wallets (installed or recent, found by id)', () => {
  it('come before the pages, once, installed ones with the installed', () => {
    const context = { featured: [], recentWallets: [], connectors: [announced('io.zerion.wallet')] };
    const items = orderCatalogueWallets({ ...context, pinned: [zerion, safe], wallets: [metamask, safe, zerion] });
    expect(ids(items)).toEqual(['io.zerion.wallet', 'global.safe', 'io.metamask']);
  });
});

describe('Connect view catalogue', () => {
  it('shows featured, then up to 4 recommended, leaving out wallets listed already', () => {
    const { featured, recommended } = connectViewCatalogue({
      featured: [ledger, metamask],
      recommended: [metamask, rainbow, ledger, trust, zerion, safe],
      connectors: [announced('io.metamask')],
    });
    expect(featured.map((item) => item.id)).toEqual(['com.ledger']);
    expect(recommended.map((item) => item.id)).toEqual(['me.rainbow', 'com.trustwallet.app', 'io.zerion.wallet', 'global.safe']);
  });
});
