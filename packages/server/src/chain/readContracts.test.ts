import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { createChainContexts } from './chainContext.ts';
import { nativeBalanceRead, MULTICALL_BATCH_BYTES, readContracts } from './readContracts.ts';

const devnet = useTestDevnet({ 31337: 29445, 31338: 29446 });

// A proxy in front of the devnet's node that keeps every eth_call's calldata.
const calldata: string[] = [];
const proxy = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk));
  request.on('end', async () => {
    const parsed = JSON.parse(body) as { method: string; params: [{ data: string }] } | { method: string; params: [{ data: string }] }[];
    for (const call of [parsed].flat()) if (call.method === 'eth_call') calldata.push(call.params[0].data);
    const answer = await fetch(devnet.chain(31337).rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
});
beforeAll(() => new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe('readContracts', () => {
  it("keeps each multicall's calls within SPEC's 1024 bytes of calldata, and answers every read", async () => {
    const rpcUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const chain = createChainContexts([{ chainId: 31337, rpcUrl, rpcUrls: [rpcUrl], wsUrls: [], indexerStartBlock: 0, multicallAddress: DEVNET_CONTRACTS.multicall3 }]).get(31337)!;
    const accounts = Array.from({ length: 60 }, (_, index) => TEST_ACCOUNTS[index % TEST_ACCOUNTS.length]!.address);
    const results = await readContracts(chain, accounts.map((account) => nativeBalanceRead(chain, account)!));
    expect(results).toHaveLength(60);
    expect(results.every((result) => result.ok && typeof result.value === 'bigint' && result.value > 0n)).toBe(true);
    // getEthBalance(address) is 36 bytes of calldata: 28 fit in 1024, so 60 reads make three multicalls.
    const perCall = Math.floor(MULTICALL_BATCH_BYTES / 36);
    expect(calldata).toHaveLength(Math.ceil(60 / perCall));
  });
});
