// The server as the site's RPC (issue 30): eth_call and eth_getBalance through the proxy vs
// straight to the node, a cached answer through the proxy vs a bare Fastify answering the same
// JSON, with a closed loop of our own (lib/closedLoop.ts). See bench/README.md, "RPC proxy".
//   node --conditions=@cairn/source --import tsx bench/rpcProxy.ts [--connections 10] [--seconds 5]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deployment, startDevnet, TEST_ACCOUNTS } from '@cairn/devnet';
import { encodeFunctionData, erc20Abi } from 'viem';
import { startBenchServer, waitFor } from './lib/benchServer.ts';
import { closedLoop, type LoopResult } from './lib/closedLoop.ts';
import { resultsDir } from './lib/paths.ts';
import { startBareFastifyFloor } from './lib/bareFastifyFloor.ts';

const { values: args } = parseArgs({ options: { connections: { type: 'string', default: '10' }, seconds: { type: 'string', default: '5' } } });
const connections = Number(args.connections);
const durationMs = Number(args.seconds) * 1000;
/** Bench-only ports, apart from the server bench's (26545, 26787-8), the tests and the e2e stack. */
const PORTS = { chain: 26645, server: 26687, floor: 26688 };

const call = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const balance = call('eth_getBalance', [TEST_ACCOUNTS[0]!.address, 'latest']);
const tokenBalance = call('eth_call', [{ to: deployment.contracts.cairnToken, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [TEST_ACCOUNTS[0]!.address] }) }, 'latest']);
const chainId = call('eth_chainId', []);

const devnet = await startDevnet({ chains: [{ chainId: 31337, port: PORTS.chain }] });
const node = devnet.chains[0]!.rpcUrl;
mkdirSync(join(resultsDir, 'rpc'), { recursive: true });
const server = startBenchServer(PORTS.server, join(resultsDir, 'rpc', 'server.sqlite'), {
  RPC_URL_31337: node,
  INDEXER_ENABLED: 'false',
  // Far above the load: every call is served, and the limiter's own cost is in the figures.
  RPC_CALLS_PER_MINUTE: '100000000',
  RPC_PROJECT_CALLS_PER_MINUTE: '100000000',
  RATE_LIMIT_PROJECT_PER_MINUTE: '100000000',
  LOG_LEVEL: 'warn',
});
const proxy = `${server.url}/v1/?chainId=eip155:31337&projectId=cairn-local`;
// A bare Fastify answering eth_chainId's JSON: the floor under any answer the proxy serves from its cache.
let floor: Awaited<ReturnType<typeof startBareFastifyFloor>> | undefined;
try {
  await waitFor('server', async () => ((await fetch(proxy, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chainId })).ok ? true : undefined), server.child, 60_000);
  floor = await startBareFastifyFloor(PORTS.floor, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }), contentType: 'application/json; charset=utf-8' });
  const floorUrl = floor.url;
  const cases: [string, string, string][] = [
    ['eth_getBalance, node', node, balance],
    ['eth_getBalance, proxy', proxy, balance],
    ['eth_call (balanceOf), node', node, tokenBalance],
    ['eth_call (balanceOf), proxy', proxy, tokenBalance],
    ['eth_chainId, proxy (cached)', proxy, chainId],
    ['bare Fastify floor', floorUrl, chainId],
  ];
  const results: (LoopResult & { name: string })[] = [];
  for (const [name, url, body] of cases) {
    await closedLoop(url, body, connections, 1000); // warm-up
    results.push({ name, ...(await closedLoop(url, body, connections, durationMs)) });
  }
  const byName = new Map(results.map((result) => [result.name, result]));
  const overhead = (what: string) => byName.get(`${what}, proxy`)!.p50Ms - byName.get(`${what}, node`)!.p50Ms;
  console.log(`RPC proxy, ${connections} connections, ${durationMs / 1000} s per case (closed loop of our own; autocannon not used)\n`);
  console.log('| case | req/s | p50 ms | p99 ms | failures |\n|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.name} | ${r.reqPerS.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${r.failures} |`);
  console.log(`\nProxy overhead per request (p50, proxy - node): eth_getBalance ${overhead('eth_getBalance').toFixed(2)} ms, eth_call ${overhead('eth_call (balanceOf)').toFixed(2)} ms`);
} finally {
  await floor?.stop();
  await server.stop();
  await devnet.stop();
}
