import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startRpcProxy, type RpcProxy } from '../testing/rpcProxy.ts';
import type { TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { get } from '../testing/testServer.ts';
import { deadPort, postRpc, startRpcTestServer, useProxiedChain, type RpcTestServer } from './testing/rpcTestServer.ts';

// The proxy in front of the devnet's real Anvil, reached over HTTP. The node's own requests are
// counted by a loopback proxy of the test's own between the server and Anvil.
const devnet = useTestDevnet({ 31337: 27045, 31338: 27046 });
/** RPC_MAX_LOG_BLOCKS here: a devnet chain this long is mined in a moment (10,000 blocks, the default, took over a minute). */
const MAX_LOG_BLOCKS = 20;
const proxied = useProxiedChain('eip155:31337', () => devnet.chain(31337).rpcUrl, (nodeUrl) => ({
  chains: [{ chainId: 31337, rpcUrl: nodeUrl }],
  env: { RPC_MAX_BATCH_CALLS: '20', RPC_MAX_BODY_BYTES: '200000', RPC_BLOCK_TIME_MS_31337: '60000', RPC_MAX_LOG_BLOCKS: String(MAX_LOG_BLOCKS) },
}));
let database: TestDatabase;
let node: RpcProxy;
let server: RpcTestServer;
let url: string;

const anvilUrl = () => devnet.chain(31337).rpcUrl;
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const nodeMethods = () => node.take().map((entry) => entry.method);
const chain = () => defineChain({ id: 31337, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });

beforeAll(() => {
  ({ database, node, server } = { database: proxied.database(), node: proxied.node(), server: proxied.server() });
  url = proxied.url();
});

// First in the file: the chain's head is read before any test here has the proxy keep an older one (a block time of 60 s).
describe('log queries over more than RPC_MAX_LOG_BLOCKS blocks', () => {
  it('refuses them before the node, measuring a tag against the head, and serves a narrower one, a block hash and a batch neighbour', async () => {
    const head = BigInt(await devnet.chain(31337).rpc<string>('eth_blockNumber', []));
    const long = BigInt(MAX_LOG_BLOCKS) + 5n;
    if (head < long) await devnet.chain(31337).rpc('anvil_mine', [`0x${(long - head).toString(16)}`]);
    const latest = BigInt(await devnet.chain(31337).rpc<string>('eth_blockNumber', []));
    const hex = (value: bigint) => `0x${value.toString(16)}`;
    const recent = { fromBlock: hex(latest - BigInt(MAX_LOG_BLOCKS) + 1n), toBlock: 'latest' };
    node.take();
    const { status, body } = await postRpc(url, [
      call('eth_getLogs', [{ fromBlock: 'earliest' }], 'whole'),
      call('eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(BigInt(MAX_LOG_BLOCKS)) }], 'wide'),
      call('eth_newFilter', [{ fromBlock: '0x1', toBlock: 'latest' }], 'filter'),
      call('eth_getLogs', [recent], 'recent'),
      call('eth_chainId', [], 'neighbour'),
    ]);
    expect(status).toBe(200);
    const replies = body as { id: string; result?: unknown; error?: { code: number; message: string } }[];
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    expect(byId.get('whole')!.error).toEqual({
      code: -32602,
      message: `Invalid params: eth_getLogs is served for at most ${MAX_LOG_BLOCKS} blocks at a time; this filter spans ${latest + 1n} (narrow fromBlock and toBlock, or ask by blockHash)`,
    });
    expect(byId.get('wide')!.error?.message).toContain(`spans ${MAX_LOG_BLOCKS + 1}`);
    expect(byId.get('filter')!.error?.message).toContain(`eth_newFilter is served for at most ${MAX_LOG_BLOCKS} blocks at a time; this filter spans ${latest}`);
    expect(byId.get('recent')!.result).toEqual(await devnet.chain(31337).rpc('eth_getLogs', [recent]));
    expect(byId.get('neighbour')!.result).toBe('0x7a69');
    // Only the narrow query reached the node (beside the head's read and the chain id).
    const asked = node.take();
    expect(asked.filter((entry) => entry.method === 'eth_getLogs').map((entry) => entry.params)).toEqual([[recent]]);
    expect(asked.map((entry) => entry.method)).not.toContain('eth_newFilter');
    const block = await devnet.chain(31337).rpc<{ hash: string }>('eth_getBlockByNumber', ['latest', false]);
    const byHash = await postRpc(url, call('eth_getLogs', [{ blockHash: block.hash }]));
    expect((byHash.body as { result?: unknown }).result).toEqual(await devnet.chain(31337).rpc('eth_getLogs', [{ blockHash: block.hash }]));
  });
});

describe('POST /v1/?chainId=eip155:<id>: the site RPC', () => {
  it('answers reads as the node does', async () => {
    const client = createPublicClient({ chain: chain(), transport: http(url) });
    expect(await client.getChainId()).toBe(31337);
    const direct = await devnet.chain(31337).client.getBalance({ address: TEST_ACCOUNTS[3]!.address });
    expect(await client.getBalance({ address: TEST_ACCOUNTS[3]!.address })).toBe(direct);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(0n);
  });

  it('sends a transaction signed in the browser and reads its receipt back', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const wallet = createWalletClient({ account: privateKeyToAccount(TEST_ACCOUNTS[1]!.privateKey), chain: chain(), transport: http(url) });
    const client = createPublicClient({ chain: chain(), transport: http(url) });
    const hash = await wallet.sendTransaction({ to: receiver, value: parseEther('0.25') });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(await devnet.chain(31337).client.getBalance({ address: receiver })).toBe(parseEther('0.25'));
    expect(node.calls.some((entry) => entry.method === 'eth_sendRawTransaction')).toBe(true);
  });

  it('answers a batch in order, ids kept, a refused method beside the served ones', async () => {
    const address = TEST_ACCOUNTS[3]!.address;
    const { status, body } = await postRpc(url, [call('eth_chainId', [], 'a'), call('anvil_setBalance', [address, '0x1'], 'b'), call('eth_getBalance', [address, 'latest'], 7)]);
    expect(status).toBe(200);
    const direct = await devnet.chain(31337).rpc<string>('eth_getBalance', [address, 'latest']);
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x7a69' },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 7, result: direct },
    ]);
  });

  it('never lets node control, node keys or debugging reach the node', async () => {
    const address = TEST_ACCOUNTS[3]!.address;
    const before = await devnet.chain(31337).rpc<string>('eth_getBalance', [address, 'latest']);
    node.take();
    const refused = [
      call('anvil_setBalance', [address, '0x0']),
      call('anvil_impersonateAccount', [address]),
      call('eth_sendTransaction', [{ from: address, to: address, value: '0x1' }]),
      call('eth_sign', [address, '0x00']),
      call('eth_signTypedData_v4', [address, '{}']),
      call('personal_sign', ['0x00', address]),
      call('debug_traceTransaction', ['0x00']),
      call('admin_nodeInfo'),
    ];
    for (const refusedCall of refused) {
      const { status, body } = await postRpc(url, refusedCall);
      expect(status, refusedCall.method).toBe(200);
      expect(body, refusedCall.method).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    }
    expect(nodeMethods()).toEqual([]);
    expect(await devnet.chain(31337).rpc<string>('eth_getBalance', [address, 'latest'])).toBe(before);
  });

  it('passes the node’s own errors through unchanged', async () => {
    const poor = privateKeyToAccount(generatePrivateKey());
    const signed = await poor.signTransaction({ chainId: 31337, to: poor.address, value: parseEther('1'), gas: 21000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1n, nonce: 0 });
    const direct = await postRpc(anvilUrl(), call('eth_sendRawTransaction', [signed]));
    const proxied = await postRpc(url, call('eth_sendRawTransaction', [signed]));
    expect((direct.body as { error?: unknown }).error).toBeDefined();
    expect(proxied.body).toEqual(direct.body);
    const badParams = call('eth_getBalance', ['not an address', 'latest']);
    expect((await postRpc(url, badParams)).body).toEqual((await postRpc(anvilUrl(), badParams)).body);
  });

  it('refuses a batch over the call bound and a body over the byte bound, before the node', async () => {
    node.take();
    const tooMany = await postRpc(url, Array.from({ length: 21 }, (_, id) => call('eth_chainId', [], id)));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a batch may hold at most 20 calls, this one holds 21' } });
    const tooBig = await postRpc(url, [call('eth_call', [{ to: TEST_ACCOUNTS[0]!.address, data: `0x${'00'.repeat(120_000)}` }, 'latest'])]);
    expect(tooBig.status).toBe(413);
    expect((tooBig.body as { message: string }).message).toMatch(/too large/i);
    expect(nodeMethods()).toEqual([]);
  });

  it('answers bad input with a clear 4xx, never a 500', async () => {
    expect((await postRpc(url, '{"jsonrpc":')).status).toBe(400);
    expect((await postRpc(url, [])).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: the batch is empty' } });
    expect((await postRpc(url, 'null')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a call must be a JSON object' } });
    const unknownChain = await postRpc(url.replace('eip155:31337', 'eip155:999'), call('eth_chainId'));
    expect(unknownChain.status).toBe(400);
    expect((unknownChain.body as { message: string }).message).toBe('chainId eip155:999 is not a chain this server serves (see /v1/supported-chains)');
    expect((await postRpc(url.replace(/chainId=[^&]*&/, ''), call('eth_chainId'))).status).toBe(400);
    expect((await postRpc(url.replace(/projectId=.*/, 'projectId=stranger'), call('eth_chainId'))).status).toBe(401);
    const notification = await postRpc(url, { jsonrpc: '2.0', method: 'eth_chainId' });
    expect(notification.status).toBe(204);
  });
});

describe('GET /v1/supported-chains', () => {
  it('lists exactly the chains the proxy serves, none over WebSocket', async () => {
    const answer = await get(server.app, '/v1/supported-chains');
    expect(answer.json()).toEqual({ http: ['eip155:31337'], ws: [] });
    const everything = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: anvilUrl() }], {
      RPC_URL_SOLANA_localnet: 'http://127.0.0.1:1',
      [`RPC_URL_POLKADOT_${'45'.repeat(16)}`]: 'http://127.0.0.1:1',
    });
    try {
      expect((await get(everything.app, '/v1/supported-chains')).json()).toEqual({ http: ['eip155:31337', 'solana:localnet', `polkadot:${'45'.repeat(16)}`], ws: [] });
      for (const chain of ['solana:localnet', `polkadot:${'45'.repeat(16)}`]) expect((await postRpc(everything.rpcUrl(chain), call('rpc_methods'))).status, chain).not.toBe(400);
    } finally {
      await everything.close();
    }
  });
});

describe('caching and coalescing (counted at the node)', () => {
  it('asks the node for eth_chainId once', async () => {
    node.take();
    for (let i = 0; i < 3; i++) expect((await postRpc(url, call('eth_chainId', [], i))).body).toEqual({ jsonrpc: '2.0', id: i, result: '0x7a69' });
    expect(nodeMethods().filter((method) => method === 'eth_chainId').length).toBeLessThanOrEqual(1);
  });

  it('keeps a block by hash, a mined receipt and a call at a fixed block; asks again for a receipt not yet mined', async () => {
    const { hash, blockNumber } = await devnet.chain(31337).sendNative(2, TEST_ACCOUNTS[4]!.address, 1n);
    const block = await devnet.chain(31337).rpc<{ hash: string }>('eth_getBlockByNumber', [`0x${blockNumber.toString(16)}`, false]);
    const calls = [
      call('eth_getBlockByHash', [block.hash, false]),
      call('eth_getTransactionReceipt', [hash]),
      call('eth_call', [{ to: TEST_ACCOUNTS[0]!.address, data: '0x' }, `0x${blockNumber.toString(16)}`]),
    ];
    node.take();
    const first = await postRpc(url, calls);
    expect(nodeMethods()).toEqual(['eth_getBlockByHash', 'eth_getTransactionReceipt', 'eth_call']);
    const second = await postRpc(url, calls);
    expect(second.body).toEqual(first.body);
    expect(nodeMethods()).toEqual([]);
    const unknown = call('eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`]);
    expect((await postRpc(url, unknown)).body).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    await postRpc(url, unknown);
    expect(nodeMethods()).toEqual(['eth_getTransactionReceipt', 'eth_getTransactionReceipt']);
  });

  it('keeps eth_blockNumber and eth_gasPrice for a block time, and never a latest read', async () => {
    const perBlock = [call('eth_blockNumber', [], 1), call('eth_gasPrice', [], 2)];
    const first = await postRpc(url, perBlock);
    node.take();
    expect((await postRpc(url, perBlock)).body).toEqual(first.body);
    expect(nodeMethods()).toEqual([]);
    const balance = call('eth_getBalance', [TEST_ACCOUNTS[3]!.address, 'latest']);
    await postRpc(url, balance);
    await postRpc(url, balance);
    expect(nodeMethods()).toEqual(['eth_getBalance', 'eth_getBalance']);
  });

  it('sends identical requests in flight to the node once', async () => {
    node.take();
    const balance = call('eth_getBalance', [TEST_ACCOUNTS[4]!.address, 'latest']);
    const answers = await Promise.all(Array.from({ length: 8 }, () => postRpc(url, balance)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(nodeMethods().length).toBeLessThan(8);
  });
});

describe('limits and upstreams', () => {
  it('limits calls per client network, a batch counted by its calls, with Retry-After', async () => {
    const limited = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: anvilUrl() }], { RPC_CALLS_PER_MINUTE: '5' });
    try {
      const rpcUrl = limited.rpcUrl('eip155:31337');
      expect((await postRpc(rpcUrl, [call('eth_chainId', [], 1), call('eth_chainId', [], 2), call('eth_chainId', [], 3), call('eth_chainId', [], 4)])).status).toBe(200);
      const refused = await postRpc(rpcUrl, [call('eth_chainId', [], 1), call('eth_chainId', [], 2)]);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((refused.body as { message: string }).message).toBe(`Please try again after ${refused.headers.get('retry-after')} seconds`);
      expect((await postRpc(rpcUrl, call('eth_chainId'))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits calls per project, all clients together', async () => {
    const limited = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: anvilUrl() }], { RPC_PROJECT_CALLS_PER_MINUTE: '3' });
    try {
      const rpcUrl = limited.rpcUrl('eip155:31337');
      expect((await postRpc(rpcUrl, [call('eth_chainId', [], 1), call('eth_chainId', [], 2), call('eth_chainId', [], 3)])).status).toBe(200);
      const refused = await postRpc(rpcUrl, call('eth_chainId'));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
    } finally {
      await limited.close();
    }
  });

  it('fails over from a dead upstream to the next, and answers 503 with Retry-After when none is left', async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const failover = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: `${dead},${anvilUrl()}` }]);
    try {
      const answer = await postRpc(failover.rpcUrl('eip155:31337'), call('eth_getBalance', [TEST_ACCOUNTS[3]!.address, 'latest']));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ jsonrpc: '2.0', id: 1, result: await devnet.chain(31337).rpc('eth_getBalance', [TEST_ACCOUNTS[3]!.address, 'latest']) });
    } finally {
      await failover.close();
    }
    const allDead = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: `${dead},http://127.0.0.1:${await deadPort()}` }]);
    try {
      const answer = await postRpc(allDead.rpcUrl('eip155:31337'), call('eth_blockNumber'));
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((answer.body as { message: string }).message).toBe('Chain eip155:31337 is unavailable right now; try again shortly');
      expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1');
    } finally {
      await allDead.close();
    }
  });

  it('fails over from an upstream that answers 5xx', async () => {
    let hits = 0;
    const broken = createHttpServer((_request, response) => {
      hits++;
      response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    const failover = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: `${brokenUrl},${anvilUrl()}` }]);
    try {
      expect((await postRpc(failover.rpcUrl('eip155:31337'), call('eth_getBalance', [TEST_ACCOUNTS[2]!.address, 'latest']))).status).toBe(200);
      expect(hits).toBe(1);
    } finally {
      await failover.close();
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }
  });

  it('keeps a filter on the upstream that made it; when that one is down the filter is gone, and a new one is made on the next', async () => {
    const [first, second] = [await startRpcProxy(anvilUrl()), await startRpcProxy(anvilUrl())];
    const pair = await startRpcTestServer(database.config, [{ chainId: 31337, rpcUrl: `${first.url},${second.url}` }]);
    const methods = (upstream: RpcProxy) => upstream.take().map((entry) => entry.method);
    const resultOf = async (body: unknown) => ((await postRpc(pair.rpcUrl('eip155:31337'), body)).body as { result: unknown }).result;
    try {
      const filter = (await resultOf(call('eth_newBlockFilter'))) as string;
      expect(filter).toMatch(/^0x1/);
      await devnet.chain(31337).rpc('evm_mine', []);
      expect(await resultOf(call('eth_getFilterChanges', [filter]))).toEqual([(await devnet.chain(31337).client.getBlock()).hash]);
      expect(methods(first)).toEqual(['eth_newBlockFilter', 'eth_getFilterChanges']);
      expect(methods(second)).toEqual([]);

      await first.close();
      const gone = await postRpc(pair.rpcUrl('eip155:31337'), call('eth_getFilterChanges', [filter]));
      expect(gone.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'filter not found' } });
      expect(methods(second)).toEqual([]);
      const remade = (await resultOf(call('eth_newFilter', [{ address: TEST_ACCOUNTS[0]!.address }]))) as string;
      expect(remade).toMatch(/^0x2/);
      expect(await resultOf(call('eth_uninstallFilter', [remade]))).toBe(true);
      expect(methods(second)).toEqual(['eth_newFilter', 'eth_uninstallFilter']);
      expect((await postRpc(pair.rpcUrl('eip155:31337'), call('eth_getFilterChanges', ['0x0bad']))).body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'filter not found' } });
      // A made-up id naming an upstream the chain does not have (the 15th of two) reaches no node.
      expect((await postRpc(pair.rpcUrl('eip155:31337'), call('eth_getFilterChanges', ['0xfbad']))).body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'filter not found' } });
      expect(methods(second)).toEqual([]);
    } finally {
      await pair.close();
      await second.close();
    }
  });
});
