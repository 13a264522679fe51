import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn, fakeConnector, testNetworks } from '../testing/fakeAdapter.ts';

// The widget with a site server configured: balances, prices and names come from it, and the
// chain (through the adapter) is the fallback when it fails. The server here is a loopback stand-in
// answering fixed bodies; the real server is tested in packages/server and end to end in e2e/.
let server: Server;
let url: string;
let balanceStatus: number;
let identity: { name: string | null; avatar: string | null } | 'fail';
const hits: string[] = [];

beforeEach(async () => {
  balanceStatus = 200;
  identity = { name: 'trail.cairn.id', avatar: 'https://img.example/trail.png' };
  hits.length = 0;
  server = createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname;
    hits.push(path);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path.endsWith('/balance')) {
      if (balanceStatus !== 200) return reply(balanceStatus, {});
      return reply(200, {
        balances: [
          { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 4000, price: 2000, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' },
          { name: 'Cairn', symbol: 'CAIRN', chainId: 'eip155:1', address: 'eip155:1:0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB', value: 25, price: 2.5, quantity: { decimals: '18', numeric: '10' }, iconUrl: '' },
          { name: 'Zero', symbol: 'ZERO', chainId: 'eip155:1', address: 'eip155:1:0xA12C1D0491B4ae2699a84e9EBdF5544C738abfC4', value: 0, price: 0, quantity: { decimals: '0', numeric: '7' }, iconUrl: '' },
        ],
      });
    }
    if (path.startsWith('/v1/identity/')) return identity === 'fail' ? reply(500, {}) : reply(200, identity);
    reply(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function connected() {
  const test = createTestCairn({ api: { url, projectId: 'p' } });
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  const account = () => test.cairn.stores.account().get();
  // A failing server is retried (150, 300, 600 ms) before the chain is read.
  await vi.waitFor(() => expect(account().balanceLoading).toBe(false), { timeout: 5000 });
  return { ...test, account };
}

describe('wallet_getAssets (SPEC §3)', () => {
  it("answers from the server's balances when the wallet does not answer it itself", async () => {
    const adapter = createFakeAdapter();
    const unsupported = Object.assign(new Error('The method wallet_getAssets is not supported'), { code: 4200 });
    const withRequest = { ...adapter, request: async ({ method }: { method: string }) => Promise.reject(method === 'wallet_getAssets' ? unsupported : new Error(method)) };
    const test = createTestCairn({ api: { url, projectId: 'p' }, adapter: withRequest as typeof adapter });
    await test.cairn.ready;
    await test.cairn.connect('io.metamask');
    const assets = await test.cairn.request({ method: 'wallet_getAssets', params: [{ account: test.cairn.stores.account().get().address as `0x${string}` }] });
    expect(assets).toEqual({
      '0x1': [
        { address: 'native', balance: '0x1bc16d674ec80000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000, iconUrl: '' } },
        { address: '0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB', balance: '0x8ac7230489e80000', type: 'ERC20', metadata: { name: 'Cairn', symbol: 'CAIRN', decimals: 18, price: 2.5, iconUrl: '' } },
      ],
    });
    // Any other refusal is the wallet's answer, passed on.
    await expect(test.cairn.request({ method: 'eth_chainId' })).rejects.toThrow('eth_chainId');
  });
});

describe('balances and names from the site server', () => {
  it('shows the server balance, its tokens without 0-decimal ones, the USD total, name and avatar', async () => {
    const { account, adapter } = await connected();
    expect(account()).toMatchObject({ balance: '2', balanceSymbol: 'ETH', balanceUsd: 4025 });
    expect(account().tokenBalance.map((token) => token.symbol)).toEqual(['CAIRN']);
    expect(adapter.callsTo('getBalance')).toEqual([]);
    await vi.waitFor(() => expect(account()).toMatchObject({ profileName: 'trail.cairn.id', profileImage: 'https://img.example/trail.png' }));
  });

  it('falls back to the chain when the server fails, and shows no prices', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    balanceStatus = 503;
    identity = 'fail';
    const { account, adapter } = await connected();
    expect(adapter.callsTo('getBalance')).toHaveLength(1);
    expect(account()).toMatchObject({ balance: '1.5', balanceError: undefined, tokenBalance: [] });
    expect(account().balanceUsd).toBeUndefined();
    expect(account().profileName).toBeUndefined();
  }, 10_000);

  it('reads a polkadot balance from the chain without asking the server (SPEC §9: balances on eip155 and solana)', async () => {
    const adapter = createFakeAdapter({
      namespace: 'polkadot',
      connectors: [fakeConnector('polkadot:cairn-test', { chain: 'polkadot' })],
      wallet: { accounts: ['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'], chainId: testNetworks.polkadot.id, defaultBalance: 25_000_000_000n },
    });
    const test = createTestCairn({ api: { url, projectId: 'p' }, adapter, networks: [testNetworks.polkadot] });
    await test.cairn.ready;
    await test.cairn.connect('polkadot:cairn-test');
    const account = () => test.cairn.stores.account('polkadot').get();
    await vi.waitFor(() => expect(account()).toMatchObject({ balance: '2.5', balanceSymbol: 'DOT', balanceLoading: false }));
    expect(adapter.callsTo('getBalance')).toHaveLength(1);
    expect(hits.filter((path) => path.endsWith('/balance'))).toEqual([]);
  });

  it('asks for a name once per 5 minutes', async () => {
    const { cairn } = await connected();
    await vi.waitFor(() => expect(cairn.stores.account().get().profileName).toBe('trail.cairn.id'));
    await cairn.disconnect();
    await cairn.connect('io.metamask');
    await vi.waitFor(() => expect(cairn.stores.account().get().profileName).toBe('trail.cairn.id'));
    expect(hits.filter((path) => path.startsWith('/v1/identity/'))).toHaveLength(1);
  });
});
