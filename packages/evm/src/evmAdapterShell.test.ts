import { describe, expect, it } from 'vitest';
import { createEvmAdapter } from './evmAdapter.ts';
import { defineEvmNetwork } from './defineNetwork.ts';

// The shell the page loads up front: what it answers before the body's chunk has come
// (evmAdapter.test.ts drives the whole adapter against the test wallet and the devnet).
describe('the EVM adapter shell', () => {
  it('says what it can do before the body: fee unit, sign-in standard, the WalletConnect namespace, remote sessions, the optional calls', () => {
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

  it("touches the page's window only from set-up on: creating the adapter (the site's module scope, before the first paint) listens to nothing", () => {
    const listened: string[] = [];
    const win = new EventTarget() as EventTarget & { ethereum?: unknown };
    const add = win.addEventListener.bind(win);
    win.addEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]) => {
      listened.push(type);
      add(type, ...rest);
    };
    const adapter = createEvmAdapter({ window: win as unknown as Window });
    expect(listened).toEqual([]);
    const stop = adapter.setup({ connectorsChanged: () => undefined, accountsChanged: () => undefined, chainChanged: () => undefined, disconnected: () => undefined });
    expect(listened).toContain('eip6963:announceProvider');
    expect(adapter.getConnectors()).toEqual([]);
    stop();
  });
});

