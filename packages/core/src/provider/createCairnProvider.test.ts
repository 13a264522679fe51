import { describe, expect, it, vi } from 'vitest';
import { createTestCairn, testNetworks } from '../testing/fakeAdapter.ts';
import { createCairnProvider, getCairnProvider, ProviderRpcError } from './createCairnProvider.ts';

// As the fake adapter normalises it.
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

async function readyCairn() {
  const test = createTestCairn();
  await test.cairn.ready;
  return { ...test, provider: createCairnProvider(test.cairn) };
}

describe('createCairnProvider (EIP-1193)', () => {
  it('answers eth_accounts and eth_chainId from the stores, empty while disconnected', async () => {
    const { cairn, provider } = await readyCairn();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    await cairn.connect('io.metamask');
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
  });

  it('eth_requestAccounts opens the modal and resolves once the visitor connects', async () => {
    const { cairn, provider } = await readyCairn();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    expect(cairn.stores.modal.get().open).toBe(true);
    await cairn.connect('io.metamask');
    expect(await accounts).toEqual([ADDRESS]);
  });

  it('eth_requestAccounts rejects with 4001 when the visitor closes the modal', async () => {
    const { cairn, provider } = await readyCairn();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    cairn.close();
    await expect(accounts).rejects.toMatchObject({ code: 4001 });
  });

  it('emits connect, accountsChanged, chainChanged and disconnect as the stores change', async () => {
    const { cairn, adapter, provider } = await readyCairn();
    const seen: unknown[] = [];
    provider.on('connect', (info) => seen.push(['connect', info.chainId]));
    provider.on('accountsChanged', (accounts) => seen.push(['accountsChanged', accounts]));
    provider.on('chainChanged', (chainId) => seen.push(['chainChanged', chainId]));
    provider.on('disconnect', (error) => seen.push(['disconnect', error.code]));
    await cairn.connect('io.metamask');
    await cairn.switchNetwork(testNetworks.optimism);
    adapter.emitDisconnected('io.metamask');
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['disconnect', 4900]));
    expect(seen).toEqual([
      ['connect', '0x1'],
      ['accountsChanged', [ADDRESS]],
      ['chainChanged', '0xa'],
      ['accountsChanged', []],
      ['disconnect', 4900],
    ]);
  });

  it("switches through Cairn on wallet_switchEthereumChain, refusing a chain the site did not list (4902)", async () => {
    const { cairn, provider } = await readyCairn();
    await cairn.connect('io.metamask');
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })).toBeNull();
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x3e7' }] })).rejects.toMatchObject({ code: 4902 });
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 10 }] })).rejects.toMatchObject({ code: -32602 });
  });

  it('refuses wallet calls with 4900 while no wallet is connected', async () => {
    const { provider } = await readyCairn();
    const call = provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] });
    await expect(call).rejects.toBeInstanceOf(ProviderRpcError);
    await expect(call).rejects.toMatchObject({ code: 4900 });
  });

  it('stops emitting after removeListener and destroy', async () => {
    const { cairn, provider } = await readyCairn();
    const listener = vi.fn();
    provider.on('accountsChanged', listener);
    provider.removeListener('accountsChanged', listener);
    const other = vi.fn();
    provider.on('accountsChanged', other);
    provider.destroy();
    await cairn.connect('io.metamask');
    expect(listener).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });
});

describe('getCairnProvider', () => {
  it('gives one provider per instance', async () => {
    const { cairn } = await readyCairn();
    expect(getCairnProvider(cairn)).toBe(getCairnProvider(cairn));
    expect(getCairnProvider(createTestCairn().cairn)).not.toBe(getCairnProvider(cairn));
  });
});
