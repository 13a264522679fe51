import { describe, expect, it } from 'vitest';
import type { RecentWallet } from '../storage.ts';
import { fakeConnector } from '../testing/fakeAdapter.ts';
import { orderConnectors, type ConnectorListItem } from './connectorSections.ts';

const walletConnect = fakeConnector('walletConnect', { type: 'WALLET_CONNECT' });
const injected = fakeConnector('injected', { type: 'INJECTED' });
const metamask = fakeConnector('io.metamask', { type: 'ANNOUNCED' });
const rabby = fakeConnector('io.rabby', { type: 'ANNOUNCED' });
const phantom = fakeConnector('app.phantom', { type: 'ANNOUNCED' });
const ledger = fakeConnector('ledger', { type: 'EXTERNAL' });
const safe = fakeConnector('safe', { type: 'EXTERNAL' });

const recent = (id: string): RecentWallet => ({ id, name: id, namespace: 'eip155' });
const rows = (items: ConnectorListItem[]) => items.map((item) => `${item.section}:${item.connector.id}`);

describe('orderConnectors (SPEC §9)', () => {
  it('orders sections walletConnect, recent, injected, announced, external whatever the discovery order', () => {
    const items = orderConnectors([ledger, rabby, injected, metamask, walletConnect], [recent('io.rabby')]);
    expect(rows(items)).toEqual([
      'walletConnect:walletConnect',
      'recent:io.rabby',
      'injected:injected',
      'announced:io.metamask',
      'external:ledger',
    ]);
  });

  it('lists a present recent wallet once, under recent', () => {
    const items = orderConnectors([metamask, rabby], [recent('io.metamask')]);
    expect(rows(items)).toEqual(['recent:io.metamask', 'announced:io.rabby']);
  });

  it('keeps the recent wallets in most-recent-first order', () => {
    const items = orderConnectors([metamask, rabby, phantom], [recent('app.phantom'), recent('io.metamask')]);
    expect(rows(items)).toEqual(['recent:app.phantom', 'recent:io.metamask', 'announced:io.rabby']);
  });

  it('drops a recent wallet whose connector is gone (extension removed)', () => {
    const items = orderConnectors([metamask], [recent('io.rabby'), recent('io.metamask')]);
    expect(rows(items)).toEqual(['recent:io.metamask']);
  });

  it('keeps discovery order inside a section', () => {
    const items = orderConnectors([phantom, safe, metamask, ledger, rabby], []);
    expect(rows(items)).toEqual([
      'announced:app.phantom',
      'announced:io.metamask',
      'announced:io.rabby',
      'external:safe',
      'external:ledger',
    ]);
  });

  it('lists nothing when no connector was found', () => {
    expect(orderConnectors([], [recent('io.metamask')])).toEqual([]);
  });

  it('never lists the e-mail/social login as a wallet row, recent or not', () => {
    const auth = { id: 'ID_AUTH', name: 'E-mail & socials', type: 'AUTH' as const, chain: 'eip155' as const };
    expect(orderConnectors([auth], [{ id: 'ID_AUTH', name: 'E-mail & socials', namespace: 'eip155' }])).toEqual([]);
  });
});
