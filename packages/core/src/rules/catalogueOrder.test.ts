import { describe, expect, it } from 'vitest';
import type { RecentWallet } from '../storage.ts';
import type { Connector, WalletListItem } from '../types.ts';
import { announcedByRdns, catalogueTagger, connectViewCatalogue, findInstalledConnector, orderCatalogueWallets, type CatalogueContext } from './catalogueOrder.ts';
import { catalogueWallet, walletIds } from '../testing/catalogueWallet.ts';

const wallet = (id: string, rdns: string | null = null): WalletListItem => catalogueWallet(id, { rdns });
const announced = (rdns: string): Connector => ({ id: rdns, name: rdns, type: 'ANNOUNCED', chain: 'eip155', info: { rdns } });
// A plain injected provider (window.ethereum) that happens to carry an rdns: never "installed".
const injected: Connector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', info: { rdns: 'io.metamask' } };
const recent = (id: string, rdns?: string): RecentWallet => ({ id, name: id, namespace: 'eip155', ...(rdns ? { rdns } : {}) });

const metamask = wallet('io.metamask', 'io.metamask');
const rainbow = wallet('me.rainbow', 'me.rainbow');
const trust = wallet('com.trustwallet.app', 'com.trustwallet.app');
const zerion = wallet('io.zerion.wallet', 'io.zerion.wallet');
const ledger = wallet('com.ledger');
const safe = wallet('global.safe');

const tags = (context: CatalogueContext, wallets: readonly WalletListItem[]) => wallets.map((wallet) => catalogueTagger(context)(wallet).tag);

describe('All Wallets order', () => {
  it('puts featured first, then recent, then installed, then the rest in server order, each once', () => {
    const context = { featured: [safe, ledger], recentWallets: [recent('me.rainbow')], connectors: [announced('io.zerion.wallet')] };
    const items = orderCatalogueWallets({ ...context, wallets: [metamask, rainbow, trust, zerion, ledger, safe] });
    expect(walletIds(items)).toEqual(['global.safe', 'com.ledger', 'me.rainbow', 'io.zerion.wallet', 'io.metamask', 'com.trustwallet.app']);
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
    expect(walletIds(items)).toEqual(['com.trustwallet.app', 'io.metamask', 'me.rainbow', 'io.zerion.wallet']);
    expect(tags(context, items)).toEqual(['recent', 'recent', undefined, undefined]);
  });

  it('leaves out recent wallets that are not catalogue wallets (an unknown extension)', () => {
    const items = orderCatalogueWallets({ featured: [], wallets: [metamask], recentWallets: [recent('dev.cairn.testwallet')], connectors: [] });
    expect(walletIds(items)).toEqual(['io.metamask']);
  });

  it('tags an installed featured wallet as installed but keeps it in the featured place', () => {
    const context = { featured: [rainbow], recentWallets: [], connectors: [announced('me.rainbow')] };
    const items = orderCatalogueWallets({ ...context, wallets: [metamask, rainbow] });
    expect(items[0]).toBe(rainbow);
    expect(catalogueTagger(context)(rainbow)).toEqual({ wallet: rainbow, tag: 'installed', connectorId: 'me.rainbow' });
  });

  it('matches installed wallets only by an EIP-6963 announcement, not by a plain injected provider', () => {
    expect(findInstalledConnector(metamask, [injected])).toBeUndefined();
    expect(findInstalledConnector(ledger, [announced('com.ledger')])).toBeUndefined(); // no rdns in the catalogue
    expect(findInstalledConnector(metamask, [injected, announced('io.metamask')])?.type).toBe('ANNOUNCED');
    const context = { featured: [], recentWallets: [], connectors: [injected] };
    expect(walletIds(orderCatalogueWallets({ ...context, wallets: [rainbow, metamask] }))).toEqual(['me.rainbow', 'io.metamask']);
    expect(catalogueTagger(context)(metamask).tag).toBeUndefined();
  });

  it('keeps the first connector announcing an rdns', () => {
    const second: Connector = { ...announced('io.metamask'), id: 'io.metamask.second' };
    expect(announcedByRdns([injected, announced('io.metamask'), second]).get('io.metamask')?.id).toBe('io.metamask');
    expect([...announcedByRdns([injected]).keys()]).toEqual([]);
  });

  it('orders 10,000 wallets, each once', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => wallet(`bench.wallet${index}`, `bench.wallet${index}`));
    const items = orderCatalogueWallets({ featured: [many[500]!], wallets: many, recentWallets: [recent('bench.wallet9000')], connectors: [announced('bench.wallet9999')] });
    expect(walletIds(items).slice(0, 4)).toEqual(['bench.wallet500', 'bench.wallet9000', 'bench.wallet9999', 'bench.wallet0']);
    expect(new Set(walletIds(items)).size).toBe(10_000);
  });
});

describe('the looked-up wallets (installed or recent, found by id)', () => {
  it('come before the pages, once, installed ones with the installed', () => {
    const context = { featured: [], recentWallets: [], connectors: [announced('io.zerion.wallet')] };
    const items = orderCatalogueWallets({ ...context, pinned: [zerion, safe], wallets: [metamask, safe, zerion] });
    expect(walletIds(items)).toEqual(['io.zerion.wallet', 'global.safe', 'io.metamask']);
  });
});

describe('Connect view catalogue', () => {
  it('shows featured, then up to 4 recommended, leaving out wallets listed already', () => {
    const { featured, recommended } = connectViewCatalogue({
      featured: [ledger, metamask],
      recommended: [metamask, rainbow, ledger, trust, zerion, safe],
      connectors: [announced('io.metamask')],
    });
    expect(walletIds(featured)).toEqual(['com.ledger']);
    expect(walletIds(recommended)).toEqual(['me.rainbow', 'com.trustwallet.app', 'io.zerion.wallet', 'global.safe']);
  });

  it('leaves out a wallet by a connector with its id, but by rdns only when announced', () => {
    const { featured, recommended } = connectViewCatalogue({
      featured: [metamask],
      recommended: [rainbow, ledger],
      connectors: [injected, { id: 'com.ledger', name: 'Ledger', type: 'EXTERNAL', chain: 'eip155' }],
    });
    expect(walletIds(featured)).toEqual(['io.metamask']);
    expect(walletIds(recommended)).toEqual(['me.rainbow']);
  });
});
