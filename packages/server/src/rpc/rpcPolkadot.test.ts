import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { POLKADOT_DEVNET_GENESIS_HASH, POLKADOT_DEVNET_NETWORK_ID, POLKADOT_TEST_ACCOUNTS, polkadotFreeBalance, withPolkadotApi } from '@cairn/devnet';
import { POLKADOT_CHAIN_TIMEOUT_MS, useTestPolkadotChain } from '@cairn/devnet/testing';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../testing/waitFor.ts';
import { socketUrl } from './testing/rpcSocketClient.ts';
import { postRpc, useProxiedChain } from './testing/rpcTestServer.ts';

// The proxy in front of the devnet's real Polkadot chain (chopsticks answers HTTP JSON-RPC on its websocket port).
const polkadot = useTestPolkadotChain();
const proxied = useProxiedChain(`polkadot:${POLKADOT_DEVNET_NETWORK_ID}`, () => polkadot().rpcUrl.replace(/^ws/, 'http'), (nodeUrl) => ({
  env: { [`RPC_URL_POLKADOT_${POLKADOT_DEVNET_NETWORK_ID}`]: nodeUrl, [`RPC_WS_URL_POLKADOT_${POLKADOT_DEVNET_NETWORK_ID}`]: polkadot().rpcUrl },
}));
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });


describe('POST /v1/?chainId=polkadot:<reference>', () => {
  it('answers reads and a batch, and refuses node-operator calls without the node', async () => {
    const { status, body } = await postRpc(proxied.url(), [call('chain_getBlockHash', [0], 'a'), call('author_insertKey', ['aura', '//Alice', '0x00'], 'b'), call('system_chain', [], 'c')]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 'a', result: POLKADOT_DEVNET_GENESIS_HASH },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 'c', result: expect.any(String) },
    ]);
    expect(proxied.node().take().map((entry) => entry.method).sort()).toEqual(['chain_getBlockHash', 'system_chain']);
  });

  it('submits an extrinsic signed by the sender and sees it on chain', async () => {
    await cryptoWaitReady();
    const [alice, bob] = POLKADOT_TEST_ACCOUNTS;
    const pair = new Keyring({ type: 'sr25519' }).addFromUri(alice!.uri);
    // Signed against the chain (metadata, nonce) over its websocket; sent through the proxy. One API
    // for the signature and every read: each opening fetches and decodes the runtime's metadata
    // (seconds at load), and the poll below opened one per look.
    await withPolkadotApi(polkadot().rpcUrl, async (api) => {
      const extrinsic = (await api.tx.balances.transferKeepAlive(bob!.address, 777n).signAsync(pair)).toHex();
      const before = await polkadotFreeBalance(api, bob!.address);
      const { body } = await postRpc(proxied.url(), call('author_submitExtrinsic', [extrinsic]));
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      await waitFor(async () => (await polkadotFreeBalance(api, bob!.address)) === before + 777n, 'the transfer on chain', POLKADOT_CHAIN_TIMEOUT_MS - 10_000);
    });
  }, POLKADOT_CHAIN_TIMEOUT_MS);

  // In a block or finalized: chopsticks reports Finalized 100 ms after InBlock, and @polkadot/api's
  // signAndSend fetches the block's events for InBlock inside a switchMap, so on a busy machine the
  // Finalized status replaces InBlock before it is ever reported (seen: Ready, Broadcast, Finalized).
  // The Polkadot adapter's own send settles on either for the same reason.
  it('serves @polkadot/api over its websocket: a transfer watched until it is in a block', async () => {
    await cryptoWaitReady();
    const [alice, bob] = POLKADOT_TEST_ACCOUNTS;
    const pair = new Keyring({ type: 'sr25519' }).addFromUri(alice!.uri);
    // The balance before and after through one API on the chain itself (each opening decodes the metadata).
    await withPolkadotApi(polkadot().rpcUrl, async (chainApi) => {
      const before = await polkadotFreeBalance(chainApi, bob!.address);
      // Metadata, nonce, fee and author_submitAndWatchExtrinsic, all through the proxy's websocket.
      const statuses = await withPolkadotApi(socketUrl(proxied.url()), (api) =>
        new Promise<string[]>((resolve, reject) => {
          const seen: string[] = [];
          api.tx.balances
            .transferKeepAlive(bob!.address, 555n)
            .signAndSend(pair, ({ status }) => {
              seen.push(status.type);
              if (status.isInBlock || status.isFinalized) resolve(seen);
            })
            .catch(reject);
        }),
      );
      expect(statuses.at(-1)).toMatch(/^(InBlock|Finalized)$/);
      expect(await polkadotFreeBalance(chainApi, bob!.address)).toBe(before + 555n);
    });
  }, POLKADOT_CHAIN_TIMEOUT_MS);
});
