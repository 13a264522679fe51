import { SOLANA_TEST_ACCOUNTS, sendSolanaTransaction } from '@cairn/devnet';
import { useTestSolanaChain } from '@cairn/devnet/testing';
import { transferSol } from '@cairn/solana/transaction';
import { describe, expect, it } from 'vitest';
import { RpcSocketClient, socketUrl } from './testing/rpcSocketClient.ts';
import { postRpc, useProxiedChain } from './testing/rpcTestServer.ts';

// The proxy in front of the devnet's real Solana chain (Surfpool), counted at a loopback proxy.
const solana = useTestSolanaChain();
const proxied = useProxiedChain('solana:localnet', () => solana().rpcUrl, (nodeUrl) => ({ env: { RPC_URL_SOLANA_localnet: nodeUrl, RPC_WS_URL_SOLANA_localnet: solana().wsUrl } }));

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });


describe('POST /v1/?chainId=solana:<reference>', () => {
  it('answers reads and a batch (sent to the node call by call) in order', async () => {
    const [payer] = SOLANA_TEST_ACCOUNTS;
    const direct = await postRpc(solana().rpcUrl, call('getBalance', [payer!.address]));
    const { status, body } = await postRpc(proxied.url(), [call('getBalance', [payer!.address], 'a'), call('requestAirdrop', [payer!.address, 1], 'b'), call('getGenesisHash', [], 'c')]);
    expect(status).toBe(200);
    const [balance, airdrop, genesis] = body as { id: string; result?: { value: number }; error?: unknown }[];
    expect(balance).toEqual({ jsonrpc: '2.0', id: 'a', result: { context: expect.any(Object), value: (direct.body as { result: { value: number } }).result.value } });
    expect(airdrop).toEqual({ jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } });
    expect(genesis).toMatchObject({ jsonrpc: '2.0', id: 'c', result: expect.any(String) });
    expect(proxied.node().take().map((entry) => entry.method).sort()).toEqual(['getBalance', 'getGenesisHash']);
  });

  it('sends a signed transfer through the proxy and sees it confirmed', async () => {
    const [payer, receiver] = SOLANA_TEST_ACCOUNTS;
    const before = await postRpc(proxied.url(), call('getBalance', [receiver!.address, { commitment: 'confirmed' }]));
    await sendSolanaTransaction(proxied.url(), [transferSol(payer!.address, receiver!.address, 12_345n)], [payer!]);
    const after = await postRpc(proxied.url(), call('getBalance', [receiver!.address, { commitment: 'confirmed' }]));
    const lamports = (reply: { body: unknown }) => (reply.body as { result: { value: number } }).result.value;
    expect(lamports(after) - lamports(before)).toBe(12_345);
    expect(proxied.node().take().some((entry) => entry.method === 'sendTransaction')).toBe(true);
  });

  it('keeps the genesis hash, and never an airdrop', async () => {
    proxied.node().take();
    await postRpc(proxied.url(), call('getGenesisHash'));
    expect(proxied.node().take()).toEqual([]);
    expect((await postRpc(proxied.url(), call('requestAirdrop', [SOLANA_TEST_ACCOUNTS[0]!.address, 10 ** 9]))).body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    expect(proxied.node().take()).toEqual([]);
  });

  it('follows slots and a transfer’s signature over the websocket', async () => {
    const [payer, receiver] = SOLANA_TEST_ACCOUNTS;
    const client = await RpcSocketClient.connect(socketUrl(proxied.url()));
    try {
      const slots = await client.call('slotSubscribe');
      expect(slots.result).toEqual(expect.any(Number));
      await client.notification(slots.result, (result) => typeof (result as { slot?: unknown }).slot === 'number');
      expect((await client.call('slotUnsubscribe', [slots.result])).result).toBe(true);
      expect((await client.call('programSubscribe', [payer!.address])).error).toEqual({ code: -32601, message: 'Method not found' });
      const signature = await sendSolanaTransaction(proxied.url(), [transferSol(payer!.address, receiver!.address, 777n)], [payer!]);
      const watched = await client.call('signatureSubscribe', [signature, { commitment: 'finalized' }]);
      expect(watched.result).toEqual(expect.any(Number));
      const done = await client.notification(watched.result);
      expect(done.method).toBe('signatureNotification');
      expect((done.params.result as { value: { err: unknown } }).value.err).toBeNull();
    } finally {
      client.close();
    }
  });
});
