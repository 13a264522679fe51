import { describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn, testNetworks } from '../../testing/fakeAdapter.ts';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const { mainnet, optimism, unlisted } = testNetworks;

async function connectedCairn(...args: Parameters<typeof createTestCairn>) {
  const test = createTestCairn(...args);
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  await vi.waitFor(() => expect(test.cairn.stores.account().get().balanceLoading).toBe(false));
  return test;
}

describe('switchNetwork while connected', () => {
  // A real wallet emits chainChanged before its switch request resolves; some do not emit at all.
  describe.each([true, false])('wallet emits chainChanged: %s', (emitsChainChangedOnSwitch) => {
    const adapter = () =>
      createFakeAdapter({ wallet: { emitsChainChangedOnSwitch, balances: { 'eip155:10': 25n * 10n ** 16n } } });

    it('asks the wallet, then makes the network active with the CAIP-10 address on it', async () => {
      const { cairn, adapter: wallet, storage } = await connectedCairn({ adapter: adapter() });
      await expect(cairn.switchNetwork(optimism)).resolves.toBe(true);
      expect(wallet.callsTo('switchNetwork')).toEqual([{ connectorId: 'io.metamask', network: optimism }]);
      expect(cairn.stores.network.get()).toMatchObject({ activeCaipNetworkId: 'eip155:10', switching: false, switchError: undefined });
      expect(cairn.stores.account().get().caipAddress).toBe(`eip155:10:${ADDRESS}`);
      expect(storage.get('activeNetwork')).toBe('eip155:10');
    });

    it('resets the send form (SPEC §4)', async () => {
      const { cairn } = await connectedCairn({ adapter: adapter() });
      cairn.stores.send.setAmount('1.25');
      cairn.stores.send.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
      await cairn.switchNetwork(optimism);
      expect(cairn.stores.send.get()).toMatchObject({ sendTokenAmount: undefined, receiverAddress: undefined, loading: false });
    });

    it('emits SWITCH_NETWORK once, with the network', async () => {
      const { cairn, events } = await connectedCairn({ adapter: adapter() });
      await cairn.switchNetwork(optimism);
      const switches = events.filter((event) => event.event === 'SWITCH_NETWORK');
      expect(switches.map((event) => event.properties)).toEqual([{ network: 'eip155:10' }]);
    });

    it('reads the balance on the new network', async () => {
      const { cairn, adapter: wallet } = await connectedCairn({ adapter: adapter() });
      await cairn.switchNetwork(optimism);
      await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBe('0.25'));
      expect(wallet.callsTo('getBalance').map((call) => call.network)).toEqual([mainnet, optimism]);
    });
  });

  it('shows switching while the wallet is asked', async () => {
    const { cairn, adapter } = await connectedCairn();
    const request = adapter.holdNext('switchNetwork');
    const pending = cairn.switchNetwork(optimism);
    expect(cairn.stores.network.get().switching).toBe(true);
    request.resolve();
    await pending;
    expect(cairn.stores.network.get().switching).toBe(false);
  });

  it('keeps the network and shows an error when the wallet declines', async () => {
    const { cairn, adapter, eventNames } = await connectedCairn();
    cairn.stores.send.setAmount('1.25');
    adapter.failNext('switchNetwork', { code: 4001, message: 'User rejected the request.' });
    await expect(cairn.switchNetwork(optimism)).resolves.toBe(false);
    expect(cairn.stores.network.get()).toMatchObject({
      activeCaipNetworkId: 'eip155:1',
      switching: false,
      switchError: 'Switch declined in the wallet',
    });
    expect(cairn.stores.account().get().caipAddress).toBe(`eip155:1:${ADDRESS}`);
    expect(cairn.stores.send.get().sendTokenAmount).toBe('1.25');
    expect(eventNames()).not.toContain('SWITCH_NETWORK');
  });

  it("shows the wallet's message for another failure, and clears it on the next success", async () => {
    const { cairn, adapter } = await connectedCairn();
    adapter.failNext('switchNetwork', new Error('Unrecognized chain ID'));
    await cairn.switchNetwork(optimism);
    expect(cairn.stores.network.get().switchError).toBe('Unrecognized chain ID');
    await cairn.switchNetwork(optimism);
    expect(cairn.stores.network.get()).toMatchObject({ activeCaipNetworkId: 'eip155:10', switchError: undefined });
  });

  it('closes UnsupportedChain once the wallet is on a listed network', async () => {
    const { cairn } = await connectedCairn({ adapter: createFakeAdapter({ wallet: { chainId: 999 } }) });
    expect(cairn.stores.router.current().view).toBe('UnsupportedChain');
    await cairn.switchNetwork(mainnet);
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    expect(cairn.stores.modal.get().open).toBe(false);
  });

  it("refuses a network the site did not list, with SPEC §8's 'Network Not Found' alert", async () => {
    const { cairn, adapter } = await connectedCairn();
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    await expect(cairn.switchNetwork(unlisted)).rejects.toThrow('Unsupported chain: eip155:999');
    expect(adapter.callsTo('switchNetwork')).toEqual([]);
    expect(cairn.stores.toast.get()).toMatchObject({ open: true, message: 'Network Not Found', variant: 'error' });
    expect(console).toHaveBeenCalledWith('[cairn] Network Not Found: the network is not among the `networks` given to createCairn (eip155:999)');
    console.mockRestore();
  });

  it('names what is missing when no network is given', async () => {
    const { cairn } = await connectedCairn();
    await expect(cairn.switchNetwork(undefined as never)).rejects.toThrow("Chain is required to switch network: pass one of the site's networks");
  });
});

describe('switchNetwork while disconnected', () => {
  it('changes only the local active network, without asking a wallet', async () => {
    const { cairn, adapter, events } = createTestCairn();
    await cairn.ready;
    cairn.stores.send.setAmount('3');
    await expect(cairn.switchNetwork(optimism)).resolves.toBe(true);
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
    expect(cairn.stores.send.get().sendTokenAmount).toBeUndefined();
    expect(adapter.callsTo('switchNetwork')).toEqual([]);
    expect(events).toEqual([]);
  });

  it('persists it, so the next page load starts on it', async () => {
    const first = createTestCairn();
    await first.cairn.ready;
    await first.cairn.switchNetwork(optimism);
    expect(first.storage.get('activeNetwork')).toBe('eip155:10');

    const second = createTestCairn({ backend: first.backend });
    expect(second.cairn.stores.network.get()).toMatchObject({ activeCaipNetworkId: 'eip155:10', activeNamespace: 'eip155' });
  });

  it('starts on the default network when the stored one is no longer listed', () => {
    const first = createTestCairn();
    first.storage.set('activeNetwork', 'eip155:999');
    const second = createTestCairn({ backend: first.backend, defaultNetwork: optimism });
    expect(second.cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
  });
});
