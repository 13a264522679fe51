import { createStore, type Cairn } from '@cairn/core';
import { describe, expect, it, vi } from 'vitest';
import { bindButtonView, readButtonState, type ButtonState } from './buttonView.ts';

// The binding is plain store subscriptions, so it runs without a DOM: the view is a recorder.
// The DOM side (states, one element, focus) is covered in Chromium by e2e/connectButton.e2e.ts.
function instance() {
  const connection = createStore({ status: 'disconnected' as ButtonState['status'] });
  const network = createStore({ activeNamespace: 'eip155' as 'eip155' | 'solana', activeCaipNetworkId: 'eip155:1', requested: [] as { caipNetworkId: string; name: string }[] });
  const accounts = {
    eip155: createStore<{ address?: string; balance?: string; balanceSymbol?: string; profileName?: string }>({}),
    solana: createStore<{ address?: string; balance?: string; balanceSymbol?: string; profileName?: string }>({}),
  };
  const cairn = {
    stores: { connection, network, account: (namespace = network.get().activeNamespace) => accounts[namespace] },
  } as unknown as Cairn;
  return { cairn, connection, network, accounts };
}

describe('bindButtonView', () => {
  it("shows the stores' state at once and on every change, and nothing after the unsubscribe", () => {
    const { cairn, connection, accounts } = instance();
    const view = { host: {} as HTMLElement, show: vi.fn(), configure: vi.fn(), translate: vi.fn() };
    const unbind = bindButtonView(view, cairn);
    expect(view.show).toHaveBeenLastCalledWith({ status: 'disconnected', balanceText: '' });
    connection.set({ status: 'connected' });
    accounts.eip155.set({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', balance: '1.5', balanceSymbol: 'ETH' });
    expect(view.show).toHaveBeenLastCalledWith({
      status: 'connected',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      name: '0xf39F…b92266',
      balanceText: '1.500 ETH',
    });
    // A name registered or resolved for the account replaces the address (SPEC's identity rule).
    accounts.eip155.set({ profileName: 'ridge.cairn.id' });
    expect(view.show).toHaveBeenLastCalledWith(expect.objectContaining({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', name: 'ridge.cairn.id' }));
    unbind();
    const calls = view.show.mock.calls.length;
    connection.set({ status: 'disconnected' });
    expect(view.show).toHaveBeenCalledTimes(calls);
  });

  it("follows the active namespace's account when the network changes namespace", () => {
    const { cairn, connection, network, accounts } = instance();
    const view = { host: {} as HTMLElement, show: vi.fn(), configure: vi.fn(), translate: vi.fn() };
    bindButtonView(view, cairn);
    connection.set({ status: 'connected' });
    accounts.solana.set({ address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' });
    network.set({ activeNamespace: 'solana' });
    expect(view.show).toHaveBeenLastCalledWith(expect.objectContaining({ address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' }));
    accounts.eip155.set({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    expect(view.show).toHaveBeenLastCalledWith(expect.objectContaining({ address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' }));
    accounts.solana.set({ address: 'So11111111111111111111111111111111111111112' });
    expect(view.show).toHaveBeenLastCalledWith(expect.objectContaining({ address: 'So11111111111111111111111111111111111111112' }));
    expect(readButtonState(cairn).status).toBe('connected');
  });
});

describe('readButtonState', () => {
  it("names the active network, and none when the wallet is on one the site did not ask for", () => {
    const { cairn, network } = instance();
    network.set({ requested: [{ caipNetworkId: 'eip155:1', name: 'Ethereum' }] });
    expect(readButtonState(cairn).networkName).toBe('Ethereum');
    network.set({ activeCaipNetworkId: 'eip155:999' });
    expect(readButtonState(cairn).networkName).toBeUndefined();
  });
});
