import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, type StorageLike } from '../storage.ts';
import { createFakeAdapter, createTestCairn, fakeConnector, testNetworks } from '../testing/fakeAdapter.ts';

const SOLANA_ADDRESS = 'F7aacTAqftBKETQ4mxMwCPgkw4SVDX5CzGyZJYb5jGQE';

/** EVM and Solana side by side (SPEC §3: an account state per namespace). */
async function bothConnected(backend?: StorageLike) {
  const solana = createFakeAdapter({
    namespace: 'solana',
    connectors: [fakeConnector('wallet-standard:Phantom', { chain: 'solana' })],
    wallet: { accounts: [SOLANA_ADDRESS], chainId: testNetworks.solana.id },
  });
  const evm = createFakeAdapter();
  const test = createTestCairn({ networks: [testNetworks.mainnet, testNetworks.solana], adapters: [evm, solana], ...(backend ? { backend } : {}) });
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  await test.cairn.connect('wallet-standard:Phantom');
  return { ...test, evm, solana };
}

describe('several namespaces at once (SPEC §3, §4)', () => {
  it('connects Solana while EVM stays connected, and starts Solana on its own network', async () => {
    const { cairn, solana } = await bothConnected();
    expect(solana.callsTo('connect')[0]?.network?.caipNetworkId).toBe(testNetworks.solana.caipNetworkId);
    expect(cairn.stores.account('eip155').get().status).toBe('connected');
    expect(cairn.stores.account('solana').get()).toMatchObject({ status: 'connected', address: SOLANA_ADDRESS, caipAddress: `${testNetworks.solana.caipNetworkId}:${SOLANA_ADDRESS}` });
    expect(cairn.stores.network.get()).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: testNetworks.solana.caipNetworkId });
  });

  it('switches the shown account between the connected namespaces, each on its own network', async () => {
    const { cairn } = await bothConnected();
    expect(await cairn.switchNamespace('eip155')).toBe(true);
    expect(cairn.stores.network.get()).toMatchObject({ activeNamespace: 'eip155', activeCaipNetworkId: 'eip155:1' });
    expect(cairn.stores.account().get().namespace).toBe('eip155');
    expect(cairn.stores.connection.get().connectorId).toBe('io.metamask');
    await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBeDefined());
    expect(await cairn.switchNamespace('polkadot')).toBe(false);
  });

  it('disconnects Solana alone: EVM stays connected and becomes the shown account', async () => {
    const { cairn, evm, solana, eventNames, storage } = await bothConnected();
    cairn.open();
    await cairn.disconnect({ namespace: 'solana' });
    expect(solana.callsTo('disconnect')).toEqual([{ connectorId: 'wallet-standard:Phantom' }]);
    expect(evm.callsTo('disconnect')).toEqual([]);
    expect(cairn.stores.account('solana').get()).toMatchObject({ status: 'disconnected', address: undefined });
    expect(cairn.stores.account('eip155').get().status).toBe('connected');
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.metamask' });
    expect(cairn.stores.network.get().activeNamespace).toBe('eip155');
    expect(storage.get('connections')?.map((item) => item.namespace)).toEqual(['eip155']);
    expect(cairn.stores.modal.get().open).toBe(true);
    expect(eventNames()).toContain('DISCONNECT_SUCCESS');
  });

  it('disconnects EVM alone while Solana is shown, and everything without a namespace', async () => {
    const { cairn, evm, solana } = await bothConnected();
    await cairn.disconnect({ namespace: 'eip155' });
    expect(cairn.stores.network.get().activeNamespace).toBe('solana');
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'wallet-standard:Phantom' });
    await cairn.connect('io.metamask');
    await cairn.disconnect();
    expect(evm.callsTo('disconnect')).toHaveLength(2);
    expect(solana.callsTo('disconnect')).toHaveLength(1);
    expect(cairn.stores.connection.get().status).toBe('disconnected');
  });

  it('restores both after a reload, showing the namespace used last', async () => {
    const backend = memoryStorage();
    const first = await bothConnected(backend);
    first.cairn.destroy();
    const solana = createFakeAdapter({
      namespace: 'solana',
      connectors: [fakeConnector('wallet-standard:Phantom', { chain: 'solana' })],
      wallet: { accounts: [SOLANA_ADDRESS], chainId: testNetworks.solana.id, authorized: new Set(['wallet-standard:Phantom']) },
    });
    const evm = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } });
    const reload = createTestCairn({ networks: [testNetworks.mainnet, testNetworks.solana], adapters: [evm, solana], backend });
    await reload.cairn.ready;
    expect(solana.callsTo('reconnect')[0]?.network).toEqual(testNetworks.solana);
    expect(reload.cairn.stores.account('eip155').get().status).toBe('connected');
    expect(reload.cairn.stores.account('solana').get().status).toBe('connected');
    expect(reload.cairn.stores.network.get().activeNamespace).toBe('solana');
    expect(reload.cairn.stores.connection.get().connectorId).toBe('wallet-standard:Phantom');
  });

  it("moves to a connected namespace's account when its network is picked, and to Connect when that namespace is not connected", async () => {
    const { cairn, solana } = await bothConnected();
    expect(await cairn.switchNetwork(testNetworks.mainnet)).toBe(true);
    expect(cairn.stores.network.get()).toMatchObject({ activeNamespace: 'eip155', activeCaipNetworkId: 'eip155:1' });
    await cairn.disconnect({ namespace: 'solana' });
    cairn.open();
    expect(await cairn.switchNetwork(testNetworks.solana)).toBe(false);
    expect(cairn.stores.router.get().history.at(-1)?.view).toBe('Connect');
    expect(cairn.stores.network.get().activeNamespace).toBe('eip155'); // EVM stays shown until Solana connects
    expect(solana.callsTo('switchNetwork')).toEqual([]);
  });

  it('does not ask a Solana account to sign in with an EIP-4361 message (sign-in with Solana is not built)', async () => {
    const solana = createFakeAdapter({
      namespace: 'solana',
      connectors: [fakeConnector('wallet-standard:Phantom', { chain: 'solana' })],
      wallet: { accounts: [SOLANA_ADDRESS], chainId: testNetworks.solana.id },
    });
    const backend = { getNonce: async () => 'n0nce-12345', verify: async () => true, getSession: async () => undefined, signOut: async () => {} };
    const { cairn } = createTestCairn({ networks: [testNetworks.mainnet, testNetworks.solana], adapters: [createFakeAdapter(), solana], siwx: { required: true, backend } });
    await cairn.ready;
    cairn.open();
    expect(await cairn.connect('wallet-standard:Phantom')).toBe(true);
    expect(cairn.stores.router.get().history.map((entry) => entry.view)).not.toContain('ConnectingSiwe');
    expect(cairn.stores.modal.get().open).toBe(false); // landed: connected, the modal closed
    expect(cairn.stores.siwx.get().session).toBeUndefined();
  });
});
