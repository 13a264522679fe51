import { describe, expect, it } from 'vitest';
import type { RecentWallet } from '../storage.ts';
import { fakeConnector } from '../testing/fakeAdapter.ts';
import { catalogueWallet } from '../testing/catalogueWallet.ts';
import { connectorOrder, type ConnectRow } from './connectorOrder.ts';

const walletConnect = fakeConnector('walletConnect', { type: 'WALLET_CONNECT' });
const injected = fakeConnector('injected', { type: 'INJECTED' });
const rabby = fakeConnector('io.rabby', { type: 'ANNOUNCED' });
const zerion = fakeConnector('io.zerion.wallet', { type: 'ANNOUNCED' });
const ledgerConnector = fakeConnector('ledger', { type: 'EXTERNAL' });

const recent = (id: string): RecentWallet => ({ id, name: id, namespace: 'eip155' });
const rows = (items: ConnectRow[]) => items.map((row) => `${row.section}:${row.connector?.id ?? row.wallet?.id}`);

describe('connectorOrder (SPEC §9 "Connector order")', () => {
  it('lists walletConnect, recent, injected, featured, custom, external, recommended whatever the order found', () => {
    const items = connectorOrder({
      connectors: [ledgerConnector, rabby, injected, zerion, walletConnect],
      recentWallets: [recent('io.zerion.wallet')],
      featured: [catalogueWallet('com.ledger.live'), catalogueWallet('me.rainbow', { rdns: 'me.rainbow' })],
      customWallets: [catalogueWallet('org.trailhead.wallet')],
      recommended: [catalogueWallet('com.trustwallet.app'), catalogueWallet('io.metamask')],
    });
    expect(rows(items)).toEqual([
      'walletConnect:walletConnect',
      'recent:io.zerion.wallet',
      'injected:injected',
      'announced:io.rabby',
      'featured:com.ledger.live',
      'featured:me.rainbow',
      'custom:org.trailhead.wallet',
      'external:ledger',
      'recommended:com.trustwallet.app',
      'recommended:io.metamask',
    ]);
  });

  it('lists a custom wallet this browser announces once, as its connector', () => {
    const items = connectorOrder({
      connectors: [rabby],
      recentWallets: [],
      featured: [],
      customWallets: [catalogueWallet('rabby-custom', { rdns: 'io.rabby' }), catalogueWallet('org.trailhead.wallet')],
      recommended: [],
    });
    expect(rows(items)).toEqual(['announced:io.rabby', 'custom:org.trailhead.wallet']);
  });

  it('lists a wallet once: a custom wallet also featured stays featured, a recommended one also custom stays custom', () => {
    const items = connectorOrder({
      connectors: [],
      recentWallets: [],
      featured: [catalogueWallet('a.wallet')],
      customWallets: [catalogueWallet('a.wallet'), catalogueWallet('b.wallet')],
      recommended: [catalogueWallet('b.wallet'), catalogueWallet('c.wallet')],
    });
    expect(rows(items)).toEqual(['featured:a.wallet', 'custom:b.wallet', 'recommended:c.wallet']);
  });
});
