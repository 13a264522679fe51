import { performance } from 'node:perf_hooks';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { createPublicClient, defineChain, encodeFunctionData, erc20Abi, http, parseAbi, parseGwei, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import type { RpcProxy } from '../testing/rpcProxy.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { RpcSocketClient, socketUrl } from './testing/rpcSocketClient.ts';
import { postRpc, useProxiedChain } from './testing/rpcTestServer.ts';

// The proxy in front of the devnet's real Anvil, with a bound far under Anvil's own cap (its block
// gas limit, 30,000,000) so that the difference shows: what one call costs the node without the
// bound, and with it.
const devnet = useTestDevnet({ 31337: 27545, 31338: 27546 });
const MAX_CALL_GAS = 2_000_000n;
const proxied = useProxiedChain('eip155:31337', () => devnet.chain(31337).rpcUrl, (nodeUrl) => ({
  chains: [{ chainId: 31337, rpcUrl: nodeUrl }],
  env: { RPC_MAX_CALL_GAS: String(MAX_CALL_GAS), RPC_WS_URL_31337: socketUrl(nodeUrl), RPC_CALLS_PER_MINUTE: '100000' },
}));

/** Loops until out of gas (JUMPDEST; PUSH1 0; JUMP): whatever gas it is given, it burns. */
const LOOP_CODE = '0x5b600056';
/** Returns the gas left at its first instruction (GAS; PUSH1 0; MSTORE; PUSH1 32; PUSH1 0; RETURN): what the node gave the call, less 21,000 and 2. */
const GAS_LEFT_CODE = '0x5a60005260206000f3';
const LOOP: Address = '0x00000000000000000000000000000000000c0de1';
const GAS_LEFT: Address = '0x00000000000000000000000000000000000c0de2';

let node: RpcProxy;
let url: string;
const anvil = () => devnet.chain(31337);
const call = (method: string, params: unknown[], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
type Reply = { id: unknown; result?: string; error?: { code: number; message: string } };
const givenGas = (result: string | undefined) => BigInt(result!) + 21_002n;

beforeAll(async () => {
  node = proxied.node();
  url = proxied.url();
  await anvil().rpc('anvil_setCode', [LOOP, LOOP_CODE]);
  await anvil().rpc('anvil_setCode', [GAS_LEFT, GAS_LEFT_CODE]);
});

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

describe('eth_call and its kin through the proxy: at most RPC_MAX_CALL_GAS at the node', () => {
  it('hands a call that names no gas the bound, where the node alone hands it its whole cap, and a loop ends out of gas there', async () => {
    const blockGasLimit = (await anvil().client.getBlock()).gasLimit;
    // Before: the node alone gives a stranger's call its block gas limit, and the loop burns it all.
    const direct = await anvil().rpc<string>('eth_call', [{ to: GAS_LEFT }, 'latest']);
    expect(givenGas(direct)).toBe(blockGasLimit);
    const directLoop = await timed(() => fetch(anvil().rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call('eth_call', [{ to: LOOP }, 'latest'])) }).then((r) => r.json() as Promise<Reply>));
    expect(directLoop.value.error?.message).toMatch(/out ?of ?gas/i);

    // After: the proxy gives it the bound, and the same loop ends out of gas at the node, sooner.
    node.take();
    const bounded = await postRpc(url, call('eth_call', [{ to: GAS_LEFT }, 'latest']));
    expect(givenGas((bounded.body as Reply).result)).toBe(MAX_CALL_GAS);
    const proxiedLoop = await timed(() => postRpc(url, call('eth_call', [{ to: LOOP }, 'latest'])));
    expect((proxiedLoop.value.body as Reply).error?.message).toMatch(/out ?of ?gas/i);
    expect(node.take().map((entry) => entry.params)).toEqual([
      [{ to: GAS_LEFT, gas: `0x${MAX_CALL_GAS.toString(16)}` }, 'latest'],
      [{ to: LOOP, gas: `0x${MAX_CALL_GAS.toString(16)}` }, 'latest'],
    ]);
    console.info(`loop eth_call: node alone ${blockGasLimit} gas in ${directLoop.ms.toFixed(0)} ms; through the proxy ${MAX_CALL_GAS} gas in ${proxiedLoop.ms.toFixed(0)} ms`);
    // Estimates and access lists are bounded alike: the node searches no higher than the bound.
    const estimate = (await postRpc(url, call('eth_estimateGas', [{ to: LOOP }]))).body as Reply;
    expect(estimate.error?.message).toMatch(new RegExp(`${MAX_CALL_GAS}|out ?of ?gas`, 'i'));
    const accessList = (await postRpc(url, call('eth_createAccessList', [{ to: LOOP }, 'latest']))).body as Reply;
    expect(accessList.error?.message).toMatch(/out ?of ?gas/i);
    expect(node.take().map((entry) => [entry.method, (entry.params as [{ gas?: string }])[0].gas])).toEqual([
      ['eth_estimateGas', '0x1e8480'],
      ['eth_createAccessList', '0x1e8480'],
    ]);
  });

  it('refuses a call naming more gas than the bound before the node, in a batch beside calls it serves', async () => {
    node.take();
    const { status, body } = await postRpc(url, [
      call('eth_call', [{ to: LOOP, gas: `0x${(MAX_CALL_GAS + 1n).toString(16)}` }, 'latest'], 'over'),
      call('eth_estimateGas', [{ to: LOOP, gas: '0x1c9c380' }], 'estimate'),
      call('eth_createAccessList', [{ to: LOOP, gasLimit: '0x1c9c380' }], 'list'),
      call('eth_call', [{ to: GAS_LEFT, gas: `0x${MAX_CALL_GAS.toString(16)}` }, 'latest'], 'exact'),
      call('eth_call', [{ to: GAS_LEFT, gas: '0x30d40' }, 'latest'], 'less'),
      call('eth_chainId', [], 'neighbour'),
    ]);
    expect(status).toBe(200);
    const byId = new Map((body as Reply[]).map((reply) => [reply.id, reply]));
    expect(byId.get('over')!.error).toEqual({ code: -32602, message: `Invalid params: eth_call is served with at most ${MAX_CALL_GAS} gas (RPC_MAX_CALL_GAS); this call asks for ${MAX_CALL_GAS + 1n}` });
    expect(byId.get('estimate')!.error?.message).toContain('eth_estimateGas is served with at most 2000000 gas');
    expect(byId.get('list')!.error?.message).toContain('eth_createAccessList is served with at most 2000000 gas');
    expect(givenGas(byId.get('exact')!.result)).toBe(MAX_CALL_GAS);
    expect(givenGas(byId.get('less')!.result)).toBe(200_000n);
    expect(byId.get('neighbour')!.result).toBe('0x7a69');
    expect(node.take().map((entry) => entry.method).sort()).toEqual(['eth_call', 'eth_call', 'eth_chainId']);
  });

  it('bounds calls over the websocket alike', async () => {
    const client = await RpcSocketClient.connect(socketUrl(url));
    try {
      const [over, unnamed] = await client.batch([
        { method: 'eth_call', params: [{ to: LOOP, gas: '0x1c9c380' }, 'latest'] },
        { method: 'eth_call', params: [{ to: GAS_LEFT }, 'latest'] },
      ]);
      expect(over!.error?.message).toBe(`Invalid params: eth_call is served with at most ${MAX_CALL_GAS} gas (RPC_MAX_CALL_GAS); this call asks for 30000000`);
      expect(givenGas(unnamed!.result as string)).toBe(MAX_CALL_GAS);
      const loop = await client.call('eth_call', [{ to: LOOP }, 'latest']);
      expect(loop.error?.message).toMatch(/out ?of ?gas/i);
    } finally {
      client.close();
    }
  });

  it('answers ordinary reads unchanged: a token balance, the widget-sized multicall and an estimate with fees from a nearly empty account', async () => {
    const chain = defineChain({ id: 31337, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });
    const client = createPublicClient({ chain, transport: http(url) });
    const holder = TEST_ACCOUNTS[0]!.address;
    const read = { address: DEVNET_CONTRACTS.testUsd as Address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] } as const;
    expect(await client.readContract(read)).toBe(await anvil().client.readContract(read));
    // SPEC §9: a multicall's calldata stays within 1024 bytes; this one is well over it (a read of each of four devnet tokens for each test account).
    const reads = TEST_ACCOUNTS.slice(0, 10).flatMap((account) =>
      [DEVNET_CONTRACTS.testUsd, DEVNET_CONTRACTS.cairnToken, DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.zeroToken].map((token) => ({ ...read, address: token as Address, args: [account.address] as const })),
    );
    const multicallAddress = DEVNET_CONTRACTS.multicall3 as Address;
    const viaProxy = await client.multicall({ contracts: reads, multicallAddress, allowFailure: true, batchSize: 0 });
    expect(viaProxy).toEqual(await anvil().client.multicall({ contracts: reads, multicallAddress, allowFailure: true, batchSize: 0 }));
    const aggregate = encodeFunctionData({
      abi: parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])']),
      functionName: 'aggregate3',
      args: [reads.map((r) => ({ target: r.address, allowFailure: true, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: r.args }) as Hex }))],
    });
    expect((aggregate.length - 2) / 2).toBeGreaterThan(1024);
    const gas = await client.estimateGas({ to: multicallAddress, data: aggregate });
    console.info(`a multicall of ${reads.length} balanceOf reads (${(aggregate.length - 2) / 2} bytes) takes ${gas} gas`);
    expect(gas).toBeLessThan(MAX_CALL_GAS);
    // A sender holding far less than the bound's gas at the fee it names still gets its estimate.
    const poor = privateKeyToAccount(generatePrivateKey()).address;
    await anvil().rpc('anvil_setBalance', [poor, '0x38d7ea4c68000']); // 0.001 ETH, under 2,000,000 gas at 1,000 gwei
    expect(await client.estimateGas({ account: poor, to: holder, value: 1n, maxFeePerGas: parseGwei('1000'), maxPriorityFeePerGas: 1n })).toBe(21_000n);
  });
});
