import { describe, expect, it } from 'vitest';
import { createFakeAdapter, createTestCairn, fakeConnector } from '../testing/fakeAdapter.ts';
import { loadCairnActions } from '../loadCairnActions.ts';

/** Waits (bounded) for a condition the actions chunk reaches asynchronously. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !condition(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

const host = () => ({ ...fakeConnector('safe'), name: 'Safe', type: 'EXTERNAL' as const, autoConnect: true });

describe('autoConnect', () => {
  it('connects the wallet hosting the page as soon as it is found, silently and with the modal shut', async () => {
    const adapter = createFakeAdapter({ wallet: { accounts: ['0x00000000000000000000000000000000000000aa'], chainId: 1, authorized: new Set(['safe']) } });
    const { cairn, eventNames } = createTestCairn({ adapter });
    await cairn.ready;
    await loadCairnActions();
    adapter.announce(host());
    await until(() => cairn.stores.connection.get().status === 'connected');
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'safe', address: '0x00000000000000000000000000000000000000aa' });
    expect(adapter.callsTo('connect')).toEqual([]); // no prompt: the Safe's account was read, as on a reload
    expect(cairn.stores.modal.get().open).toBe(false);
    expect(eventNames()).toContain('CONNECT_SUCCESS');
  });

  it('leaves a wallet the visitor connected alone', async () => {
    const adapter = createFakeAdapter({ wallet: { accounts: ['0x00000000000000000000000000000000000000bb'], chainId: 1, authorized: new Set(['safe']) } });
    const { cairn } = createTestCairn({ adapter });
    await cairn.ready;
    await cairn.connect('io.metamask');
    adapter.announce(host());
    await loadCairnActions();
    expect(cairn.stores.account().get().connectorId).toBe('io.metamask');
    expect(adapter.callsTo('reconnect').filter((call) => (call as { connectorId: string }).connectorId === 'safe')).toEqual([]);
  });
});
