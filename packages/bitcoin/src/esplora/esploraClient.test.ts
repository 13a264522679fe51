import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEsploraClient } from './esploraClient.ts';

// Contract tests of the parsing: Esplora's documented answers (fixtures/README.md says how they
// were written), served to the client as an Esplora server would.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const TXID = '3f4fb8b1a4a1b7d5fd3fa4c7e48e4c1bd0b7d1a4f9e3c2b1a0f9e8d7c6b5a493';

function serve(routes: Record<string, string | Response>) {
  const seen: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push(`${init?.method ?? 'GET'} ${url}`);
    const path = url.replace('https://esplora.example/api', '');
    const answer = routes[path];
    if (answer === undefined) return new Response('Not found', { status: 404 });
    return typeof answer === 'string' ? new Response(answer, { status: 200 }) : answer;
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}
const client = (routes: Record<string, string | Response>) => {
  const server = serve(routes);
  return { ...server, esplora: createEsploraClient({ url: 'https://esplora.example/api/', fetch: server.fetch, retries: 0 }) };
};

describe('Esplora client', () => {
  it('computes the balance as funded minus spent, confirmed and in the mempool', async () => {
    const { esplora, seen } = client({ [`/address/${ADDRESS}`]: fixture('address.json') });
    expect(await esplora.getBalance(ADDRESS)).toEqual({ confirmed: 750_000n, unconfirmed: -230_000n, total: 520_000n });
    expect(seen).toEqual([`GET https://esplora.example/api/address/${ADDRESS}`]);
  });

  it('reads UTXOs with their confirmation status', async () => {
    const { esplora } = client({ [`/address/${ADDRESS}/utxo`]: fixture('utxo.json') });
    const utxos = await esplora.getUtxos(ADDRESS);
    expect(utxos).toHaveLength(2);
    expect(utxos[0]).toEqual({ txid: TXID, vout: 0, value: 500_000n, status: { confirmed: true, blockHeight: 840000, blockHash: '0000000000000000000320283a032748cef8227873ff4872689bf23f1cda83a5', blockTime: 1713571767 } });
    expect(utxos[1]!.status).toEqual({ confirmed: false });
  });

  it('reads the history, newest first, with coinbase inputs and OP_RETURN outputs, and pages with the last txid', async () => {
    const { esplora, seen } = client({ [`/address/${ADDRESS}/txs`]: fixture('txs.json'), [`/address/${ADDRESS}/txs/chain/${TXID}`]: '[]' });
    const [pending, coinbase] = await esplora.getTransactions(ADDRESS);
    expect(pending).toMatchObject({ fee: 1000n, status: { confirmed: false }, inputs: [{ address: ADDRESS, value: 250_000n }] });
    expect(pending!.outputs).toEqual([{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', value: 229_000n }, { address: ADDRESS, value: 20_000n }]);
    expect(coinbase!.inputs).toEqual([undefined]);
    expect(coinbase!.outputs[1]).toEqual({ value: 0n });
    expect(await esplora.getTransactions(ADDRESS, TXID)).toEqual([]);
    expect(seen[1]).toBe(`GET https://esplora.example/api/address/${ADDRESS}/txs/chain/${TXID}`);
  });

  it('reads fee estimates per confirmation target, the tip height and a transaction status', async () => {
    const { esplora } = client({ '/fee-estimates': fixture('fee-estimates.json'), '/blocks/tip/height': '840123', [`/tx/${TXID}/status`]: fixture('tx-status.json') });
    const fees = await esplora.getFeeEstimates();
    expect([...fees.keys()]).toEqual([2, 3, 4, 5, 6, 10, 20, 25, 144, 504, 1008]);
    expect(fees.get(6)).toBe(68.285);
    expect(await esplora.getTipHeight()).toBe(840123);
    expect(await esplora.getTransactionStatus(TXID)).toMatchObject({ confirmed: true, blockHeight: 840000 });
  });

  it('broadcasts hex and returns the txid; a refusal carries the node text', async () => {
    const ok = client({ '/tx': TXID });
    expect(await ok.esplora.broadcast('0200')).toBe(TXID);
    expect(ok.seen).toEqual(['POST https://esplora.example/api/tx']);
    const refused = client({ '/tx': new Response('sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met"}', { status: 400 }) });
    await expect(refused.esplora.broadcast('0200')).rejects.toThrow(/min relay fee not met/);
    await expect(ok.esplora.broadcast('not hex')).rejects.toThrow(TypeError);
  });

  it('rejects answers of the wrong shape, out of range or too large, and bad input before any request', async () => {
    const stats = JSON.parse(fixture('address.json'));
    stats.chain_stats.funded_txo_sum = -1;
    await expect(client({ [`/address/${ADDRESS}`]: JSON.stringify(stats) }).esplora.getBalance(ADDRESS)).rejects.toThrow(/Unexpected Esplora answer/);
    await expect(client({ [`/address/${ADDRESS}/utxo`]: '{"not":"a list"}' }).esplora.getUtxos(ADDRESS)).rejects.toThrow(/Unexpected Esplora answer/);
    await expect(client({ '/blocks/tip/height': '<html>' }).esplora.getTipHeight()).rejects.toThrow(/tip height/);
    await expect(client({ '/fee-estimates': 'not json' }).esplora.getFeeEstimates()).rejects.toThrow(/not JSON/);
    const small = serve({ [`/address/${ADDRESS}/txs`]: fixture('txs.json') });
    await expect(createEsploraClient({ url: 'https://esplora.example/api', fetch: small.fetch, maxResponseBytes: 100 }).getTransactions(ADDRESS)).rejects.toThrow(/too large/);
    const untouched = client({});
    await expect(untouched.esplora.getBalance('../../admin')).rejects.toThrow(TypeError);
    await expect(untouched.esplora.getTransactionStatus('xyz')).rejects.toThrow(TypeError);
    expect(untouched.seen).toEqual([]);
    expect(() => createEsploraClient({ url: 'javascript:alert(1)' })).toThrow(/Invalid Esplora URL/);
  });

  it('surfaces an HTTP error status in SPEC words', async () => {
    await expect(client({}).esplora.getBalance(ADDRESS)).rejects.toThrow('HTTP status code: 404');
  });
});
