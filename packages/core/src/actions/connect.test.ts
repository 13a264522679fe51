import { describe, expect, it, vi } from 'vitest';
import { ErrorText } from '../errors.ts';
import { createFakeAdapter, createTestCairn, fakeConnector, testNetworks } from '../testing/fakeAdapter.ts';

const RAW_ADDRESS = '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266';
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'; // the fake adapter's normal form
const rejection = { code: 4001, message: 'User rejected the request.' };

async function start(...args: Parameters<typeof createTestCairn>) {
  const test = createTestCairn(...args);
  await test.cairn.ready;
  return test;
}

describe('connect', () => {
  it('connects: status, normalized address, CAIP-10 address, modal closed on Account', async () => {
    const { cairn, adapter } = await start({ adapter: createFakeAdapter({ wallet: { accounts: [RAW_ADDRESS], chainId: 10 } }) });
    cairn.open();
    await expect(cairn.connect('io.metamask')).resolves.toBe(true);

    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.metamask', connecting: undefined });
    expect(cairn.stores.account().get()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:10:${ADDRESS}`,
      allAccounts: [ADDRESS],
      connectorId: 'io.metamask',
    });
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
    // SPEC §3: a browser wallet takes any network.
    expect(cairn.stores.network.get().approved).toEqual({ eip155: { approvedCaipNetworkIds: [], supportsAllNetworks: true } });
    expect(cairn.stores.modal.get().open).toBe(false);
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    expect(adapter.callsTo('connect')).toEqual([{ connectorId: 'io.metamask', network: testNetworks.mainnet }]);
  });

  it("lists the connection's library-level accounts (SPEC §3): a browser wallet gives their addresses, kept through an account switch", async () => {
    const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const { cairn, adapter } = await start({ adapter: createFakeAdapter({ wallet: { accounts: [RAW_ADDRESS, OTHER], chainId: 1 } }) });
    await cairn.connect('io.metamask');
    expect(cairn.stores.account().get().accounts).toEqual([
      { namespace: 'eip155', address: ADDRESS },
      { namespace: 'eip155', address: OTHER },
    ]);
    adapter.emitAccountsChanged('io.metamask', [OTHER]);
    await vi.waitFor(() => expect(cairn.stores.account().get().accounts).toEqual([{ namespace: 'eip155', address: OTHER }]));
  });

  it('shows the attempt on ConnectingExternal while the wallet prompt is open', async () => {
    const { cairn, adapter } = await start();
    const prompt = adapter.holdNext('connect');
    const pending = cairn.connect('io.metamask');
    expect(cairn.stores.router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: fakeConnector('io.metamask') } });
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connecting', connecting: { connectorId: 'io.metamask' } });
    prompt.resolve({ address: RAW_ADDRESS, chainId: 1, accounts: [RAW_ADDRESS] });
    await expect(pending).resolves.toBe(true);
  });

  it('emits SELECT_WALLET then CONNECT_SUCCESS', async () => {
    const { cairn, events } = await start();
    await cairn.connect('io.metamask');
    expect(events.map(({ event, properties }) => ({ event, properties }))).toEqual([
      { event: 'SELECT_WALLET', properties: { name: 'io.metamask', connectorId: 'io.metamask' } },
      { event: 'CONNECT_SUCCESS', properties: { name: 'io.metamask', connectorId: 'io.metamask' } },
    ]);
  });

  it('remembers the connection and the wallet in storage', async () => {
    const { cairn, storage } = await start();
    await cairn.connect('io.metamask');
    expect(storage.get('connections')).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }]);
    expect(storage.get('connectedWallet')).toEqual({ id: 'io.metamask', name: 'io.metamask' });
  });

  it('keeps at most 2 recent wallets, most recent first, in the store and in storage', async () => {
    const adapter = createFakeAdapter({
      connectors: [
        fakeConnector('io.metamask', { name: 'MetaMask', imageUrl: 'data:image/png;base64,AA==' }),
        fakeConnector('io.rabby', { name: 'Rabby' }),
        fakeConnector('app.phantom', { name: 'Phantom' }),
      ],
    });
    const { cairn, storage } = await start({ adapter });
    for (const id of ['io.metamask', 'io.rabby', 'app.phantom', 'io.rabby']) {
      await cairn.connect(id);
      await cairn.disconnect();
    }
    const expected = [
      { id: 'io.rabby', name: 'Rabby', namespace: 'eip155', rdns: 'io.rabby' },
      { id: 'app.phantom', name: 'Phantom', namespace: 'eip155', rdns: 'app.phantom' },
    ];
    expect(cairn.stores.connection.get().recentWallets).toEqual(expected);
    expect(storage.get('recentWallets')).toEqual(expected);
  });

  it('keeps the icon of a recent wallet', async () => {
    const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask', { name: 'MetaMask', imageUrl: 'data:image/png;base64,AA==' })] });
    const { cairn, storage } = await start({ adapter });
    await cairn.connect('io.metamask');
    expect(storage.get('recentWallets')?.[0]?.imageUrl).toBe('data:image/png;base64,AA==');
  });

  it('a rejection (4001) leaves a retry on ConnectingExternal, then the retry connects', async () => {
    const { cairn, adapter, eventNames } = await start();
    cairn.open();
    adapter.failNext('connect', rejection);
    await expect(cairn.connect('io.metamask')).resolves.toBe(false);

    expect(cairn.stores.connection.get()).toMatchObject({
      status: 'disconnected',
      connecting: { connectorId: 'io.metamask', error: ErrorText.connectionRejected, rejected: true },
    });
    expect(ErrorText.connectionRejected).toBe('Connection declined');
    expect(cairn.stores.router.current().view).toBe('ConnectingExternal');
    expect(cairn.stores.modal.get()).toEqual({ open: true, shaking: true }); // SPEC §9: a refusal shakes the modal
    expect(cairn.stores.account().get().status).toBe('disconnected');
    expect(eventNames()).toContain('CONNECT_ERROR');

    // Retrying from the same view replaces it instead of stacking another one.
    await expect(cairn.connect('io.metamask')).resolves.toBe(true);
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connecting: undefined });
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
  });

  it('the retry replaces ConnectingExternal rather than pushing a second one', async () => {
    const { cairn, adapter } = await start();
    adapter.failNext('connect', rejection);
    await cairn.connect('io.metamask');
    adapter.holdNext('connect');
    void cairn.connect('io.metamask');
    expect(cairn.stores.router.get().history.map((entry) => entry.view)).toEqual(['Connect', 'ConnectingExternal']);
  });

  it("shows the wallet's message for another failure, and 'Connection failed' when it has none", async () => {
    const { cairn, adapter } = await start();
    cairn.open();
    adapter.failNext('connect', new Error('Wallet is locked'));
    await cairn.connect('io.metamask');
    expect(cairn.stores.connection.get().connecting).toEqual({ connectorId: 'io.metamask', error: 'Wallet is locked', rejected: false });
    expect(cairn.stores.modal.get().shaking).toBe(false); // not refused by the visitor: no shake

    adapter.failNext('connect', { code: -32603 });
    await cairn.connect('io.metamask');
    expect(cairn.stores.connection.get().connecting).toEqual({
      connectorId: 'io.metamask',
      error: ErrorText.connectionFailed,
      rejected: false,
    });
  });

  it('a failed attempt while already connected keeps the connection', async () => {
    const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')] });
    const { cairn } = await start({ adapter });
    await cairn.connect('io.metamask');
    adapter.failNext('connect', rejection);
    await cairn.connect('io.rabby');
    expect(cairn.stores.connection.get().status).toBe('connected');
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'io.metamask' });
  });

  it('throws for a connector that was never discovered, without touching state', async () => {
    const { cairn } = await start();
    await expect(cairn.connect('com.unknown')).rejects.toThrow('Unknown connector: com.unknown');
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(cairn.stores.router.current().view).toBe('Connect');
  });

  it('asks the wallet for the active network', async () => {
    const { cairn, adapter } = await start();
    await cairn.switchNetwork(testNetworks.optimism);
    await cairn.connect('io.metamask');
    expect(adapter.callsTo('connect')[0]?.network).toEqual(testNetworks.optimism);
  });

  describe('on a chain the site did not list', () => {
    const onUnlistedChain = () => createFakeAdapter({ wallet: { chainId: 999 } });

    it('opens the modal on UnsupportedChain (SPEC §2)', async () => {
      const { cairn } = await start({ adapter: onUnlistedChain() });
      cairn.open();
      await expect(cairn.connect('io.metamask')).resolves.toBe(true);
      expect(cairn.stores.connection.get().status).toBe('connected');
      expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:999');
      expect(cairn.stores.router.get().history).toEqual([{ view: 'UnsupportedChain' }]);
      expect(cairn.stores.modal.get().open).toBe(true);
    });

    it('stays on Account with allowUnsupportedChain', async () => {
      const { cairn } = await start({ adapter: onUnlistedChain(), allowUnsupportedChain: true });
      cairn.open();
      await cairn.connect('io.metamask');
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
      expect(cairn.stores.modal.get().open).toBe(false);
    });

    it('stays on Account when network switching is turned off', async () => {
      const { cairn } = await start({ adapter: onUnlistedChain(), features: { networkSwitching: false } });
      cairn.open();
      await cairn.connect('io.metamask');
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
      expect(cairn.stores.modal.get().open).toBe(false);
    });
  });

  it('connects although the page may not use storage (sandboxed frame)', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const { cairn } = await start({ backend: { getItem: blocked, setItem: blocked, removeItem: blocked } });
    await expect(cairn.connect('io.metamask')).resolves.toBe(true);
    expect(cairn.stores.account().get().status).toBe('connected');
  });

  it('reads the balance right after connecting', async () => {
    const { cairn, adapter } = await start();
    await cairn.connect('io.metamask');
    await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBe('1.5'));
    expect(adapter.callsTo('getBalance')).toEqual([{ address: ADDRESS, network: testNetworks.mainnet }]);
  });

  describe('an older, slower attempt never undoes the one the visitor made', () => {
    const RABBY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const twoWallets = () => createFakeAdapter({ connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')] });

    it('keeps the wallet picked last when the first one the visitor picked answers after it', async () => {
      const { cairn, adapter } = await start({ adapter: twoWallets() });
      cairn.open();
      const firstPrompt = adapter.holdNext('connect');
      const first = cairn.connect('io.metamask');
      cairn.stores.router.goBack();
      adapter.next('connect', () => ({ address: RABBY, chainId: 1, accounts: [RABBY] }));
      await expect(cairn.connect('io.rabby')).resolves.toBe(true);
      cairn.open();

      firstPrompt.resolve({ address: RAW_ADDRESS, chainId: 1, accounts: [RAW_ADDRESS] });
      await expect(first).resolves.toBe(false);
      expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby', address: RABBY.toLowerCase() });
      expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby' });
      // The visitor reopened the modal on Account: the abandoned attempt neither closes it nor moves it.
      expect(cairn.stores.modal.get().open).toBe(true);
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    });

    it('stays connected when an abandoned attempt fails after the visitor connected another wallet', async () => {
      const { cairn, adapter } = await start({ adapter: twoWallets() });
      cairn.open();
      const firstPrompt = adapter.holdNext('connect');
      const first = cairn.connect('io.metamask');
      await cairn.connect('io.rabby');

      firstPrompt.reject(new Error('The request expired'));
      await expect(first).resolves.toBe(false);
      expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby', connecting: undefined });
      expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby' });
    });

    it('leaves open a modal the visitor closed and opened again while the wallet was asking', async () => {
      const { cairn, adapter } = await start();
      cairn.open();
      const prompt = adapter.holdNext('connect');
      const pending = cairn.connect('io.metamask');
      cairn.close();
      cairn.open();
      prompt.resolve({ address: RAW_ADDRESS, chainId: 1, accounts: [RAW_ADDRESS] });
      await expect(pending).resolves.toBe(true);
      expect(cairn.stores.connection.get().status).toBe('connected');
      expect(cairn.stores.modal.get().open).toBe(true);
      // Connect has nothing left to offer once connected: the reopened modal shows the account.
      expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    });

    it('still closes the modal the visitor waited in', async () => {
      const { cairn, adapter } = await start();
      cairn.open();
      const prompt = adapter.holdNext('connect');
      const pending = cairn.connect('io.metamask');
      prompt.resolve({ address: RAW_ADDRESS, chainId: 1, accounts: [RAW_ADDRESS] });
      await expect(pending).resolves.toBe(true);
      expect(cairn.stores.modal.get().open).toBe(false);
    });
  });
});
