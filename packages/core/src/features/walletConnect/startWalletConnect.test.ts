import { describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn, testNetworks } from '../../testing/fakeAdapter.ts';
import { createScriptedWalletConnect, scriptedWalletConnectPlugin } from '../../testing/scriptedWalletConnect.ts';
import type { StorageLike } from '../../storage.ts';
import type { WalletListItem } from '../../types.ts';
import { WalletConnectText } from './startWalletConnect.ts';
import { catalogueWallet } from '../../testing/catalogueWallet.ts';
import { loadCairnActions } from '../../loadCairnActions.ts';


const rainbow = (): WalletListItem =>
  catalogueWallet('me.rainbow', { name: 'Rainbow', rdns: 'me.rainbow', mobile_link: 'rainbow://', walletconnect_uri_templates: ['rainbow://wc?uri={uri}&connector=cairn'] });

async function start(options: { platform?: 'mobile' | 'desktop'; basic?: boolean; loadFails?: boolean; backend?: StorageLike } = {}) {
  const scripted = createScriptedWalletConnect();
  const openLink = vi.fn();
  const test = createTestCairn({
    walletConnect: scriptedWalletConnectPlugin(options.loadFails ? () => Promise.reject(new Error('relay unreachable')) : async () => scripted.client, {
      basic: options.basic ?? false,
    }),
    ...(options.backend ? { backend: options.backend } : {}),
    internals: {
      platform: () => options.platform ?? 'desktop',
      openLink,
    },
  });
  await test.cairn.ready;
  await loadCairnActions(); // as a page has it once idle: the click's first change is synchronous
  return { ...test, scripted, openLink };
}

/** Waits (bounded) until `condition` holds: the flow loads its module and the client asynchronously. */
async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let turn = 0; turn < 200; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('startWalletConnect', () => {
  it('lists WalletConnect first and pairs: loading, a URI to scan, approved, connected on Account', async () => {
    const { cairn, scripted, adapter, eventNames } = await start();
    expect(cairn.stores.connection.get().connectors[0]).toMatchObject({ id: 'walletConnect', type: 'WALLET_CONNECT' });
    cairn.open();
    const pending = cairn.connect('walletConnect');
    expect(cairn.stores.router.current().view).toBe('ConnectingWalletConnect');
    expect(cairn.stores.walletConnect.get().status).toBe('loading');
    await until(() => cairn.stores.walletConnect.get().status === 'waiting');
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'waiting', uri: scripted.uris[0] });
    expect(scripted.proposed).toEqual({
      eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign'], events: ['chainChanged'] },
    });
    scripted.approve();
    await expect(pending).resolves.toBe(true);
    expect(adapter.remoteProviders.has('walletConnect')).toBe(true);
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' });
    expect(cairn.stores.modal.get().open).toBe(false);
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    expect(eventNames()).toEqual(expect.arrayContaining(['SELECT_WALLET', 'CONNECT_SUCCESS']));
  });

  it('keeps the view with "Connection declined" and a retry when the wallet declines', async () => {
    const { cairn, scripted, eventNames } = await start();
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => scripted.uris.length > 0 && cairn.stores.walletConnect.get().status === 'waiting');
    scripted.reject();
    await expect(pending).resolves.toBe(false);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'rejected', error: WalletConnectText.rejected });
    expect(cairn.stores.router.current().view).toBe('ConnectingWalletConnect');
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(eventNames()).toContain('CONNECT_ERROR');
    // Retry from the same view: a fresh URI, replacing the view rather than stacking another.
    const retry = cairn.connectWalletConnect();
    await until(() => scripted.uris.length === 2);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'waiting', uri: scripted.uris[1] });
    expect(cairn.stores.router.get().history.filter((entry) => entry.view === 'ConnectingWalletConnect')).toHaveLength(1);
    scripted.approve();
    await expect(retry).resolves.toBe(true);
  });

  it('replaces an expired URI with a fresh one while the view is shown, and stops once the visitor left', async () => {
    const { cairn, scripted, eventNames } = await start();
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => scripted.uris.length > 0 && cairn.stores.walletConnect.get().status === 'waiting');
    scripted.expire();
    await until(() => scripted.uris.length === 2);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'waiting', uri: scripted.uris[1] });
    // A refresh is not a new selection.
    expect(eventNames().filter((name) => name === 'SELECT_WALLET')).toHaveLength(1);
    cairn.close();
    scripted.expire();
    await expect(pending).resolves.toBe(false);
    expect(scripted.uris).toHaveLength(2);
    expect(cairn.stores.walletConnect.get().status).toBe('expired');
  });

  it('ignores the outcome of an attempt the visitor left, but keeps a connection the wallet approved', async () => {
    const { cairn, scripted } = await start();
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => scripted.uris.length > 0);
    cairn.cancelWalletConnect();
    expect(cairn.stores.walletConnect.get().status).toBe('idle');
    scripted.approve();
    await expect(pending).resolves.toBe(true);
    expect(cairn.stores.account().get().status).toBe('connected');
  });

  it('says why when the protocol code or the relay cannot be reached', async () => {
    const { cairn } = await start({ loadFails: true });
    cairn.open();
    await expect(cairn.connectWalletConnect()).resolves.toBe(false);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'failed', error: `${WalletConnectText.failed}: relay unreachable` });
  });

  it('opens the picked wallet with the encoded URI on a phone', async () => {
    const { cairn, scripted, openLink } = await start({ platform: 'mobile' });
    cairn.open();
    void cairn.connectWalletConnect({ wallet: rainbow() });
    await until(() => openLink.mock.calls.length > 0);
    expect(cairn.stores.router.current()).toEqual({ view: 'ConnectingWalletConnect', data: { wallet: rainbow() } });
    expect(openLink).toHaveBeenCalledWith(`rainbow://wc?uri=${encodeURIComponent(scripted.uris[0]!)}&connector=cairn`);
    expect(cairn.stores.walletConnect.get().links).toEqual([
      { kind: 'mobile', href: `rainbow://wc?uri=${encodeURIComponent(scripted.uris[0]!)}&connector=cairn` },
    ]);
  });

  it('shows the QR code only, without opening anything, on a desktop', async () => {
    const { cairn, openLink } = await start({ platform: 'desktop' });
    cairn.open();
    void cairn.connectWalletConnect({ wallet: rainbow() });
    await until(() => cairn.stores.walletConnect.get().status === 'waiting');
    expect(openLink).not.toHaveBeenCalled();
    expect(cairn.stores.walletConnect.get().links).toEqual([]); // Rainbow has no desktop or web app here
  });

  it("offers the picked wallet's desktop and web apps on a desktop, with the URI", async () => {
    const { cairn, scripted } = await start({ platform: 'desktop' });
    cairn.open();
    void cairn.connectWalletConnect({ wallet: { ...rainbow(), desktop_link: 'rainbow-desktop://', webapp_link: 'https://app.rainbow.me/' } });
    await until(() => cairn.stores.walletConnect.get().status === 'waiting');
    const encoded = encodeURIComponent(scripted.uris[0]!);
    expect(cairn.stores.walletConnect.get().links?.map((link) => link.kind)).toEqual(['desktop', 'webapp']);
    expect(cairn.stores.walletConnect.get().links?.every((link) => link.href.includes(encoded))).toBe(true);
  });

  it('refuses a session without an account on the site\'s namespaces and ends it', async () => {
    const { cairn, scripted } = await start();
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => scripted.uris.length > 0 && cairn.stores.walletConnect.get().status === 'waiting');
    scripted.approve(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv']);
    await expect(pending).resolves.toBe(false);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'failed', error: WalletConnectText.noAccounts });
    expect(scripted.disconnects).toBe(1);
  });

  it('shows a pairing that fails for another reason with its message and a retry state, and tracks it', async () => {
    const { cairn, scripted, eventNames } = await start();
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => cairn.stores.walletConnect.get().status === 'waiting');
    scripted.failPairing('The relay dropped the proposal');
    await expect(pending).resolves.toBe(false);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'failed', error: 'The relay dropped the proposal' });
    expect(cairn.stores.router.current().view).toBe('ConnectingWalletConnect');
    expect(eventNames()).toContain('CONNECT_ERROR');
  });

  it('ends an approved session that then fails to connect here, and keeps nothing of it', async () => {
    const { cairn, scripted, adapter, eventNames } = await start();
    adapter.failNext('connect', new Error('the wallet answered garbage'));
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => cairn.stores.walletConnect.get().status === 'waiting');
    scripted.approve();
    await expect(pending).resolves.toBe(false);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'failed', error: 'the wallet answered garbage' });
    expect(scripted.disconnects).toBe(1);
    expect(adapter.remoteProviders.size).toBe(0);
    expect(cairn.stores.account().get().status).toBe('disconnected');
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(eventNames()).toContain('CONNECT_ERROR');
  });

  it('refuses a wallet that is not a catalogue wallet, before showing anything', async () => {
    const { cairn } = await start();
    cairn.open();
    await expect(cairn.connectWalletConnect({ wallet: { id: 'x' } as never })).rejects.toThrow(
      'connectWalletConnect: `wallet` must be a wallet of the catalogue (stores.walletList)',
    );
    await expect(cairn.selectWallet('me.rainbow' as never)).rejects.toThrow('selectWallet: `wallet` must be a wallet of the catalogue');
    expect(cairn.stores.router.current().view).toBe('Connect');
    expect(cairn.stores.walletConnect.get().status).toBe('idle');
  });

  it('throws a clear error when the site did not configure WalletConnect', async () => {
    const test = createTestCairn();
    await expect(test.cairn.connectWalletConnect()).rejects.toThrow(WalletConnectText.notConfigured);
    expect(test.cairn.stores.connection.get().connectors.some((connector) => connector.id === 'walletConnect')).toBe(false);
  });

  it('basic mode opens on the QR view, and a chain the site did not list does not open UnsupportedChain', async () => {
    const { cairn, scripted, adapter } = await start({ basic: true });
    cairn.open();
    expect(cairn.stores.router.current().view).toBe('ConnectingWalletConnectBasic');
    const pending = cairn.connectWalletConnect();
    await until(() => scripted.uris.length > 0);
    adapter.wallet.chainId = testNetworks.unlisted.id;
    scripted.approve();
    await expect(pending).resolves.toBe(true);
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:999');
    // Connected as usual: the modal closed, back on Account, no UnsupportedChain.
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    expect(cairn.stores.modal.get().open).toBe(false);
    // The wallet moving to another unlisted chain later does not open it either.
    adapter.emitChainChanged('walletConnect', 998);
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:998');
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    expect(cairn.stores.modal.get().open).toBe(false);
  });

  it('a non-basic WalletConnect connection on an unlisted chain does open UnsupportedChain', async () => {
    const { cairn, scripted, adapter } = await start();
    cairn.open();
    const pending = cairn.connectWalletConnect();
    await until(() => scripted.uris.length > 0);
    adapter.wallet.chainId = testNetworks.unlisted.id;
    scripted.approve();
    await expect(pending).resolves.toBe(true);
    expect(cairn.stores.router.current().view).toBe('UnsupportedChain');
  });
});

/** A Cairn connected through WalletConnect: the modal opened, a URI shown, the wallet approved. */
async function connected() {
  const test = await start();
  test.cairn.open();
  const pending = test.cairn.connectWalletConnect();
  await until(() => test.scripted.uris.length > 0 && test.cairn.stores.walletConnect.get().status === 'waiting');
  test.scripted.approve();
  await expect(pending).resolves.toBe(true);
  return test;
}

describe('a WalletConnect session over time', () => {
  it('fills the chain state with the networks the session approved, and forgets them on disconnect (SPEC §3, §4)', async () => {
    const { cairn } = await connected();
    expect(cairn.stores.network.get().approved).toEqual({ eip155: { approvedCaipNetworkIds: ['eip155:1'], supportsAllNetworks: false } });
    await cairn.disconnect();
    expect(cairn.stores.network.get().approved).toEqual({});
  });

  it('follows the session when the wallet adds a chain later, or drops one (SPEC §3)', async () => {
    const { cairn, scripted } = await connected();
    const address = '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266';
    scripted.updateSession([`eip155:1:${address}`, `eip155:10:${address}`]);
    await until(() => cairn.stores.network.get().approved.eip155?.approvedCaipNetworkIds.length === 2, 'the second chain approved');
    expect(cairn.stores.network.get().approved).toEqual({ eip155: { approvedCaipNetworkIds: ['eip155:1', 'eip155:10'], supportsAllNetworks: false } });
    scripted.updateSession([`eip155:10:${address}`]);
    await until(() => cairn.stores.network.get().approved.eip155?.approvedCaipNetworkIds.length === 1, 'the first chain dropped');
    expect(cairn.stores.network.get().approved.eip155?.approvedCaipNetworkIds).toEqual(['eip155:10']);
  });

  it('is disconnected here even when the relay cannot be reached to tell the wallet', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { cairn, scripted, adapter, storage } = await connected();
    scripted.failNextDisconnect();
    await cairn.disconnect();
    expect(scripted.disconnects).toBe(1);
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(cairn.stores.account().get().status).toBe('disconnected');
    expect(adapter.remoteProviders.size).toBe(0);
    expect(storage.get('connections')).toBeUndefined();
  });

  it('is restored on reload without a new URI, and disconnecting ends it in the wallet', async () => {
    const first = await connected();

    // Reload: same storage, the client finds its session again.
    const scripted = createScriptedWalletConnect();
    scripted.restoreSession();
    const adapter = createFakeAdapter();
    adapter.wallet.authorized.add('walletConnect');
    const reloaded = createTestCairn({
      walletConnect: scriptedWalletConnectPlugin(async () => scripted.client),
      backend: first.backend,
      adapter,
    });
    await reloaded.cairn.ready;
    expect(reloaded.cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' });
    expect(scripted.uris).toEqual([]);

    await reloaded.cairn.disconnect();
    expect(scripted.disconnects).toBe(1);
    expect(adapter.remoteProviders.size).toBe(0);
    expect(reloaded.cairn.stores.connection.get().status).toBe('disconnected');
  });

  it('drops the remembered connection, without throwing, when the WalletConnect code cannot load on reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = await connected();
    const reloaded = createTestCairn({
      walletConnect: scriptedWalletConnectPlugin(() => Promise.reject(new Error('relay unreachable'))),
      backend: first.backend,
    });
    expect(reloaded.cairn.stores.connection.get().status).toBe('reconnecting');
    await reloaded.cairn.ready;
    expect(reloaded.cairn.stores.connection.get().status).toBe('disconnected');
    expect(reloaded.cairn.stores.account().get().status).toBe('disconnected');
    expect(reloaded.storage.get('connections')).toBeUndefined();
  });

  it('drops the remembered connection when the session ended while the page was away', async () => {
    const first = await connected();
    const scripted = createScriptedWalletConnect(); // no session any more
    const reloaded = createTestCairn({ walletConnect: scriptedWalletConnectPlugin(async () => scripted.client), backend: first.backend });
    await reloaded.cairn.ready;
    expect(reloaded.cairn.stores.connection.get().status).toBe('disconnected');
    expect(reloaded.storage.get('connections')).toBeUndefined();
  });

  it('follows the wallet ending the session: disconnected, back on Connect', async () => {
    const { cairn, scripted, adapter } = await connected();
    scripted.endSession();
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    await until(() => adapter.remoteProviders.size === 0, 'the adapter to drop the session');
    expect(cairn.stores.router.current().view).toBe('Connect');
  });
});
