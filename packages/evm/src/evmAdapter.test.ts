import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import type { AdapterEvents, Connector, RemoteProvider } from '@cairn/core';
import {
  announceTestWallet,
  createTestWalletProvider,
  startDevnet,
  TEST_ACCOUNTS,
  DEFAULT_WALLET_INFOS,
  type Devnet,
  type TestWalletProvider,
} from '@cairn/devnet';
import { createEvmAdapter } from './evmAdapter.ts';
import { defineEvmNetwork } from './defineNetwork.ts';

// The adapter against the real test wallet and a real Anvil devnet; only `window` is a bare
// EventTarget, which is all EIP-6963 needs.
let devnet: Devnet;
const account0 = TEST_ACCOUNTS[0]!;

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 19545 }, { chainId: 31338, port: 19546 }] });
});
afterAll(() => devnet?.stop());

const rpcUrls = () => Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl]));
const network = (id: number) => defineEvmNetwork({ id, name: `Chain ${id}`, rpcUrl: rpcUrls()[id] ?? rpcUrls()[31337]! });

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

interface Recorded {
  connectors: (readonly Connector[])[];
  accounts: (readonly string[])[];
  chains: (number | string)[];
  disconnects: string[];
}

function setup(options: { asWindowEthereum?: boolean; announce?: boolean; storage?: ReturnType<typeof memory> } = {}) {
  const win = new EventTarget() as EventTarget & { ethereum?: unknown };
  const wallet: TestWalletProvider = createTestWalletProvider({
    privateKey: account0.privateKey,
    chains: rpcUrls(),
    chainId: 31337,
    info: { ...DEFAULT_WALLET_INFOS[0]!, uuid: crypto.randomUUID() },
    storage: options.storage ?? memory(),
  });
  announceTestWallet(wallet, wallet.info, { target: win, asWindowEthereum: options.asWindowEthereum, announce: options.announce });
  const recorded: Recorded = { connectors: [], accounts: [], chains: [], disconnects: [] };
  const events: AdapterEvents = {
    connectorsChanged: (list) => recorded.connectors.push(list),
    accountsChanged: (_id, accounts) => recorded.accounts.push(accounts),
    chainChanged: (_id, chainId) => recorded.chains.push(chainId),
    disconnected: (id) => recorded.disconnects.push(id),
  };
  const adapter = createEvmAdapter({ window: win as unknown as Window });
  const cleanup = adapter.setup(events);
  return { adapter, wallet, recorded, cleanup, win };
}

describe('EVM adapter with the EIP-6963 test wallet on the devnet', () => {
  it('lists an announced wallet under its rdns, name and icon', () => {
    const { adapter } = setup();
    const [connector] = adapter.getConnectors();
    expect(connector).toMatchObject({ id: 'dev.cairn.testwallet', name: 'Cairn Test Wallet', type: 'ANNOUNCED', chain: 'eip155' });
    expect(connector!.imageUrl).toMatch(/^data:image\//);
    expect(adapter.getConnectors()).toHaveLength(1);
  });

  it('offers a plain window.ethereum only when no announcement covers it', () => {
    expect(setup({ asWindowEthereum: true }).adapter.getConnectors().map((c) => c.type)).toEqual(['ANNOUNCED']);
    const legacy = setup({ asWindowEthereum: true, announce: false }).adapter.getConnectors();
    expect(legacy).toMatchObject([{ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' }]);
  });

  it('connects, reads the real balance, and follows a switch of network', async () => {
    const { adapter, recorded } = setup();
    const result = await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    expect(result).toEqual({ address: account0.address, chainId: 31337, accounts: [account0.address] });
    const balance = await adapter.getBalance({ address: result.address.toLowerCase(), network: network(31337) });
    expect(balance).toMatchObject({ formatted: '10000', symbol: 'ETH', decimals: 18, value: 10_000n * 10n ** 18n });
    await adapter.switchNetwork({ connectorId: 'dev.cairn.testwallet', network: network(31338) });
    expect(recorded.chains).toEqual([31338]);
    expect((await adapter.getBalance({ address: result.address, network: network(31338) })).formatted).toBe('42');
  });

  it('adds a chain the wallet does not know (4902) and then switches to it', async () => {
    const { adapter, recorded } = setup();
    await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    await adapter.switchNetwork({ connectorId: 'dev.cairn.testwallet', network: network(31339) });
    expect(recorded.chains).toEqual([31339]);
  });

  it('passes a user rejection (4001) through untouched', async () => {
    const { adapter, wallet } = setup();
    wallet.rejectNext();
    await expect(adapter.connect({ connectorId: 'dev.cairn.testwallet' })).rejects.toMatchObject({ code: 4001 });
    await expect(adapter.connect({ connectorId: 'dev.cairn.testwallet' })).resolves.toMatchObject({ chainId: 31337 });
  });

  it('reconnects silently while the wallet authorizes the site, and not after disconnect', async () => {
    const storage = memory();
    const first = setup({ storage });
    expect(await first.adapter.reconnect({ connectorId: 'dev.cairn.testwallet' })).toBeUndefined();
    await first.adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    const reload = setup({ storage });
    expect(await reload.adapter.reconnect({ connectorId: 'dev.cairn.testwallet' })).toMatchObject({ address: account0.address });
    await reload.adapter.disconnect({ connectorId: 'dev.cairn.testwallet' });
    const again = setup({ storage });
    expect(await again.adapter.reconnect({ connectorId: 'dev.cairn.testwallet' })).toBeUndefined();
  });

  it('forwards the wallet switching account and disconnecting', async () => {
    const { adapter, wallet, recorded } = setup();
    await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    wallet.setAccount(TEST_ACCOUNTS[1]!.privateKey);
    expect(recorded.accounts.at(-1)?.map((a) => a.toLowerCase())).toEqual([TEST_ACCOUNTS[1]!.address.toLowerCase()]);
    wallet.disconnect();
    expect(recorded.disconnects).toEqual(['dev.cairn.testwallet']);
  });

  it('signs a message that recovers to the account (EIP-191)', async () => {
    const { adapter } = setup();
    await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    const signature = await adapter.signMessage({ connectorId: 'dev.cairn.testwallet', address: account0.address, message: 'Cairn says hi' });
    expect(await verifyMessage({ address: account0.address, message: 'Cairn says hi', signature: signature as `0x${string}` })).toBe(true);
  });

  it('waits for a wallet that announces late, and gives up after the timeout', async () => {
    const win = new EventTarget();
    const adapter = createEvmAdapter({ window: win as unknown as Window });
    adapter.setup({ connectorsChanged: () => {}, accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} });
    const waiting = adapter.waitForConnector('dev.cairn.testwallet', 2000);
    const wallet = createTestWalletProvider({ privateKey: account0.privateKey, chains: rpcUrls(), chainId: 31337, info: DEFAULT_WALLET_INFOS[0]!, storage: memory() });
    setTimeout(() => announceTestWallet(wallet, wallet.info, { target: win }), 20);
    expect((await waiting)?.id).toBe('dev.cairn.testwallet');
    expect(await adapter.waitForConnector('org.absent', 50)).toBeUndefined();
  });

  it('tells a contract (smart) account from an EOA by its code', async () => {
    const { adapter } = setup();
    expect(await adapter.getAccountType!({ address: account0.address, network: network(31337) })).toBe('eoa');
    expect(await adapter.getAccountType!({ address: devnet.deployment.contracts.smartAccount, network: network(31337) })).toBe('smartAccount');
  });

  it('rejects an invalid address instead of showing it', async () => {
    const { adapter } = setup();
    await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    expect(() => adapter.normalizeAddress('0x123')).toThrow();
    expect(adapter.normalizeAddress(account0.address.toLowerCase())).toBe(account0.address);
  });

  it('routes a remote session (WalletConnect) like a browser wallet, without revoking it on disconnect', async () => {
    const { adapter, recorded } = setup();
    const account1 = TEST_ACCOUNTS[1]!;
    // A second real wallet stands for the WalletConnect session's provider.
    const remote = createTestWalletProvider({ privateKey: account1.privateKey, chains: rpcUrls(), chainId: 31338, info: DEFAULT_WALLET_INFOS[0]!, storage: memory() });
    const connector: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
    expect(adapter.walletConnectNamespace!([network(31337), network(31338)])).toEqual({
      chains: ['eip155:31337', 'eip155:31338'],
      methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
      events: ['chainChanged', 'accountsChanged'],
    });
    adapter.setRemoteProvider!(connector, remote as unknown as RemoteProvider);
    expect(adapter.getConnectors().some((item) => item.id === 'walletConnect')).toBe(false); // the core lists it, not the adapter

    await expect(adapter.connect({ connectorId: 'walletConnect' })).resolves.toEqual({ address: account1.address, chainId: 31338, accounts: [account1.address] });
    await expect(adapter.request!({ connectorId: 'walletConnect', method: 'eth_chainId' })).resolves.toBe('0x7a6a');
    const signature = await adapter.signMessage({ connectorId: 'walletConnect', address: account1.address, message: 'over the relay' });
    await expect(verifyMessage({ address: account1.address, message: 'over the relay', signature: signature as `0x${string}` })).resolves.toBe(true);

    await adapter.disconnect({ connectorId: 'walletConnect' });
    expect(remote.getState().authorized).toBe(true); // the core ends the session itself

    await adapter.connect({ connectorId: 'walletConnect' });
    remote.disconnect();
    expect(recorded.disconnects).toContain('walletConnect');

    adapter.setRemoteProvider!(connector, undefined);
    await expect(adapter.connect({ connectorId: 'walletConnect' })).rejects.toThrow('Wallet not found: walletConnect');
  });
});

describe('sending (Send, pending transactions)', () => {
  const receiver = TEST_ACCOUNTS[1]!.address;
  const rpc = <T>(method: string, params: unknown[] = []) =>
    fetch(rpcUrls()[31337]!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      .then((response) => response.json() as Promise<{ result: T }>)
      .then((body) => body.result);
  const tokenBalance = async (owner: string) =>
    BigInt(await rpc<string>('eth_call', [{ to: devnet.deployment.contracts.cairnToken, data: `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']));

  it('estimates, sends the native coin through the wallet, and sees it mined by the block filter', async () => {
    const { adapter } = setup();
    await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    const params = { network: network(31337), from: account0.address, receiver, amount: 12_345n };
    expect(await adapter.estimateSend!(params)).toBe(21_000n);
    const before = BigInt(await rpc<string>('eth_getBalance', [receiver, 'latest']));
    await rpc('evm_setAutomine', [false]);
    try {
      const hash = await adapter.sendToken!({ ...params, connectorId: 'dev.cairn.testwallet' });
      let settled = false;
      const mined = adapter.waitForTransaction!({ network: network(31337), hash }).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(settled).toBe(false); // still in the mempool
      await rpc('evm_mine');
      expect(await mined).toBe('success');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    expect(BigInt(await rpc<string>('eth_getBalance', [receiver, 'latest']))).toBe(before + 12_345n);
  });

  it('sends an ERC-20 with a transfer call, and stops watching when aborted', async () => {
    const { adapter } = setup();
    await adapter.connect({ connectorId: 'dev.cairn.testwallet' });
    const token = { address: devnet.deployment.contracts.cairnToken, decimals: 18 };
    const before = await tokenBalance(receiver);
    const hash = await adapter.sendToken!({ connectorId: 'dev.cairn.testwallet', network: network(31337), from: account0.address, receiver, amount: 7n, token });
    expect(await adapter.waitForTransaction!({ network: network(31337), hash })).toBe('success');
    expect(await tokenBalance(receiver)).toBe(before + 7n);

    const controller = new AbortController();
    const never = adapter.waitForTransaction!({ network: network(31337), hash: `0x${'12'.repeat(32)}`, signal: controller.signal });
    controller.abort(new Error('left'));
    await expect(never).rejects.toThrow('left');
  });
});
