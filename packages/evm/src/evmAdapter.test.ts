import { describe, expect, it, vi } from 'vitest';
import type { AdapterEvents, Connector } from '@cairn/core';
import { announceTestWallet, createTestWalletProvider, DEFAULT_WALLET_INFOS, TEST_ACCOUNTS } from '@cairn/devnet';
import { createEvmAdapter } from './evmAdapter.ts';
import { defineEvmNetwork } from './defineNetwork.ts';

// The shell the page loads up front; the body's behaviour is tested in evmAdapterBody.test.ts.
function pageWithWallet() {
  const win = new EventTarget();
  const wallet = createTestWalletProvider({
    privateKey: TEST_ACCOUNTS[0]!.privateKey,
    chains: { 31337: 'http://127.0.0.1:9' },
    chainId: 31337,
    info: { ...DEFAULT_WALLET_INFOS[0]!, uuid: crypto.randomUUID() },
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  });
  // The wallet announced itself before the body listened: the body asks again (EIP-6963 requestProvider).
  announceTestWallet(wallet, wallet.info, { target: win });
  const lists: (readonly Connector[])[] = [];
  const events: AdapterEvents = { connectorsChanged: (list) => lists.push(list), accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} };
  const adapter = createEvmAdapter({ window: win as unknown as Window });
  adapter.setup(events);
  return { adapter, lists };
}

describe('the EVM adapter shell', () => {
  it('finds no wallet before the intent, and the announced one once its body has come', async () => {
    const { adapter, lists } = pageWithWallet();
    expect(adapter.getConnectors()).toEqual([]);
    expect(lists).toEqual([]);
    adapter.prefetch?.();
    await vi.waitFor(() => expect(adapter.getConnectors().map((connector) => connector.id)).toEqual(['dev.cairn.testwallet']));
    expect(lists.at(-1)?.map((connector) => connector.id)).toEqual(['dev.cairn.testwallet']);
  });

  it('a call fetches the body at once: waiting for a remembered wallet finds it without any intent', async () => {
    const { adapter } = pageWithWallet();
    await expect(adapter.waitForConnector('dev.cairn.testwallet', 2_000)).resolves.toMatchObject({ id: 'dev.cairn.testwallet', type: 'ANNOUNCED' });
  });

  it('says what it can do before the body: fee unit, sign-in standard, the WalletConnect namespace, remote sessions', () => {
    const adapter = createEvmAdapter({ window: new EventTarget() as unknown as Window });
    expect(adapter).toMatchObject({ namespace: 'eip155', sendFeeUnit: 'gas', signInStandard: 'eip4361' });
    expect(typeof adapter.setRemoteProvider).toBe('function');
    for (const method of ['getAccountType', 'request', 'estimateSend', 'sendToken', 'waitForTransaction', 'transactionFailure'] as const) {
      expect(typeof adapter[method], method).toBe('function');
    }
    const network = defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:9' });
    expect(adapter.walletConnectNamespace?.([network])).toEqual({
      chains: ['eip155:31337'],
      methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
      events: ['chainChanged', 'accountsChanged'],
    });
  });
});
