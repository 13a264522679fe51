import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SDK_TYPE, SDK_VERSION } from './apiConfig.ts';
import { createBlockchainApi } from './blockchainApi.ts';
import { portfolioFromServer } from '../actions/readPortfolio.ts';
import type { CaipNetwork } from '../types.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let server: Server | undefined;

/** A real HTTP server on loopback, answering with the handlers in turn. */
async function serve(...handlers: Handler[]) {
  const requests: URL[] = [];
  server = createServer((request, response) => {
    requests.push(new URL(request.url!, 'http://127.0.0.1'));
    const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)]!;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, requests };
}
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_request, response) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const native = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 20_000_000, price: 2000, quantity: { decimals: '18', numeric: '10000' }, iconUrl: '' };
const cairnToken = { ...native, name: 'Cairn Token', symbol: 'CAIRN', address: 'eip155:31337:0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB', value: 2500, price: 2.5, quantity: { decimals: '18', numeric: '1000' } };
const zeroToken = { ...native, name: 'Zero', symbol: 'ZERO', address: 'eip155:31337:0xA12C1D0491B4ae2699a84e9EBdF5544C738abfC4', value: 0, price: 0, quantity: { decimals: '0', numeric: '7' } };

describe('blockchain API client', () => {
  it('sends projectId, st and sv with every call and returns the balances', async () => {
    const { url, requests } = await serve(json(200, { balances: [native, cairnToken] }));
    const api = createBlockchainApi({ url, projectId: 'cairn-local' });
    expect(await api.getBalances(ADDRESS, 'eip155:31337', { forceUpdate: true })).toEqual([native, cairnToken]);
    const [request] = requests;
    expect(request!.pathname).toBe(`/v1/account/${ADDRESS}/balance`);
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      projectId: 'cairn-local',
      st: SDK_TYPE,
      sv: SDK_VERSION,
      currency: 'usd',
      chainId: 'eip155:31337',
      forceUpdate: 'true',
    });
  });

  it('asks past the HTTP cache for a forced read only (SPEC §7 forceUpdate)', async () => {
    const { url } = await serve(json(200, { balances: [native] }, { 'cache-control': 'private, max-age=30' }));
    const modes: (RequestCache | undefined)[] = [];
    const recording: typeof fetch = (input, init) => {
      modes.push(init?.cache);
      return fetch(input, init);
    };
    const api = createBlockchainApi({ url, projectId: 'p' }, { fetch: recording });
    await api.getBalances(ADDRESS, 'eip155:31337');
    await api.getBalances(ADDRESS, 'eip155:31337', { forceUpdate: true });
    expect(modes).toEqual([undefined, 'no-store']);
  });

  it('retries a 429 after the Retry-After the server asked for, then succeeds', async () => {
    const { url, requests } = await serve(
      json(429, { message: 'slow down' }, { 'retry-after': '1' }),
      json(200, { name: 'trail.cairn.id', avatar: null }),
    );
    const started = Date.now();
    const identity = await createBlockchainApi({ url, projectId: 'p' }).getIdentity(ADDRESS);
    expect(identity).toEqual({ name: 'trail.cairn.id', avatar: null });
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("fails with 'HTTP status code: {status}' without retrying a 401", async () => {
    const { url, requests } = await serve(json(401, { message: 'Unknown projectId' }));
    await expect(createBlockchainApi({ url, projectId: 'nope' }).getIdentity(ADDRESS)).rejects.toThrow('HTTP status code: 401');
    expect(requests).toHaveLength(1);
  });

  it('refuses a response that does not have the documented shape', async () => {
    const { url } = await serve(json(200, { balances: [{ ...native, chainId: 'not caip' }] }));
    await expect(createBlockchainApi({ url, projectId: 'p' }).getBalances(ADDRESS, 'eip155:31337')).rejects.toThrow(/Unexpected response/);
  });
});

describe('portfolioFromServer', () => {
  const network: CaipNetwork = {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  };

  it('splits native and tokens, drops 0-decimal tokens (SPEC §5) and sums the USD value', () => {
    const portfolio = portfolioFromServer([native, cairnToken, zeroToken], network);
    expect(portfolio.balance).toEqual({ formatted: '10000', symbol: 'ETH', decimals: 18, value: 10_000n * 10n ** 18n });
    expect(portfolio.tokens.map((token) => token.symbol)).toEqual(['CAIRN']);
    expect(portfolio.balanceUsd).toBe(20_002_500);
  });

  it('reads a missing native entry as a zero balance and ignores other chains', () => {
    const portfolio = portfolioFromServer([{ ...cairnToken, chainId: 'eip155:1' }], network);
    expect(portfolio.balance.formatted).toBe('0');
    expect(portfolio.tokens).toEqual([]);
    expect(portfolio.balanceUsd).toBe(0);
  });
});
