import http from 'node:http';
import { connect } from 'node:net';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import type { ApiPromise } from '@polkadot/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPolkadotApi, polkadotFreeBalance } from './polkadotBalance.ts';
import { POLKADOT_ACCOUNT_BALANCE, POLKADOT_DEVNET_GENESIS_HASH, POLKADOT_NATIVE_CURRENCY, POLKADOT_TEST_ACCOUNTS } from './polkadotAccounts.ts';
import { startPolkadotChain, type PolkadotChain } from './startPolkadotChain.ts';
import { POLKADOT_CHAIN_TIMEOUT_MS } from '../testing/useTestPolkadotChain.ts';
import { waitFor } from '../testing/waitFor.ts';

let chain: PolkadotChain;
let startMs = 0;
// The chain's reads through one API connection for the file: each new one fetches and decodes the
// runtime's metadata, seconds apiece at load (one per test cost three; one per account, in
// session 21's whole run at load ~43, passed its 30 s at 40 s).
let api: ApiPromise | undefined;
beforeAll(async () => {
  const started = performance.now();
  chain = await startPolkadotChain({ port: 0, host: '127.0.0.1' });
  startMs = performance.now() - started;
  console.info(`local Polkadot chain started in ${Math.round(startMs)} ms`);
  api = await openPolkadotApi(chain.rpcUrl);
}, POLKADOT_CHAIN_TIMEOUT_MS);
afterAll(async () => {
  await api?.disconnect();
  await chain?.stop();
});
const chainApi = () => {
  if (!api) throw new Error('The API on the test chain is not open (did beforeAll fail?)');
  return api;
};

describe('the local Polkadot chain', () => {
  // Its start time is printed, not bounded: it is CPU-bound, and `npm test` shares two cores.
  it('starts offline from the genesis spec, with the fixed genesis hash and ROC', async () => {
    expect(chain.rpcUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const genesis = (await chainApi().rpc.chain.getBlockHash(0)).toHex();
    // The same port answers plain HTTP JSON-RPC.
    const response = await fetch(chain.rpcUrl.replace(/^ws/, 'http'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'system_properties', params: [] }),
    });
    const { result: properties } = (await response.json()) as { result: unknown };
    expect(genesis).toBe(POLKADOT_DEVNET_GENESIS_HASH);
    expect(properties).toMatchObject({ tokenDecimals: POLKADOT_NATIVE_CURRENCY.decimals, tokenSymbol: POLKADOT_NATIVE_CURRENCY.symbol });
  });

  // Chopsticks' import bootstraps global-agent, whose wrappers force a pooled keep-alive agent onto
  // every later request in the process, a websocket's too (see importChopsticks.ts).
  it('leaves the process\'s HTTP client as Node made it', () => {
    const request = http.request({ host: '127.0.0.1', port: 9, createConnection: () => connect({ host: '127.0.0.1', port: 9 }) });
    request.on('error', () => {});
    // ClientRequest.agent is set by Node but not in its types.
    expect((request as unknown as { agent?: unknown }).agent).toBeUndefined();
    request.destroy();
    expect(http.globalAgent.constructor).toBe(http.Agent);
  });

  it('funds the test accounts', async () => {
    const balances = await Promise.all(POLKADOT_TEST_ACCOUNTS.map(({ address }) => polkadotFreeBalance(chainApi(), address)));
    expect(balances).toEqual(POLKADOT_TEST_ACCOUNTS.map(() => POLKADOT_ACCOUNT_BALANCE));
  });

  it('puts a signed transfer in a block and moves the exact amount', async () => {
    await cryptoWaitReady();
    const sender = new Keyring({ type: 'sr25519' }).addFromUri(POLKADOT_TEST_ACCOUNTS[3]!.uri);
    const receiver = POLKADOT_TEST_ACCOUNTS[4]!.address;
    const api = chainApi();
    const before = await polkadotFreeBalance(api, receiver);
    // Sent without watching its status; the balance tells. (A watch that waits for InBlock alone can
    // wait forever on a busy machine: chopsticks finalizes 100 ms later and @polkadot/api's switchMap
    // drops the InBlock whose events it was still fetching. Watchers settle on InBlock or Finalized.)
    await api.tx.balances.transferKeepAlive(receiver, 2_500_000_000_000n).signAndSend(sender);
    await waitFor(async () => (await polkadotFreeBalance(api, receiver)) === before + 2_500_000_000_000n, 'the transfer in a block', POLKADOT_CHAIN_TIMEOUT_MS - 10_000, 200);
    expect(await polkadotFreeBalance(api, receiver)).toBe(before + 2_500_000_000_000n);
  }, POLKADOT_CHAIN_TIMEOUT_MS);
});
