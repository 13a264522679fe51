import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutScript } from '@scure/btc-signer';
import { BITCOIN_MINER } from './bitcoinAccounts.ts';
import { addressOfScript, bcoinAddress, loadBcoin, mineBlocks, scriptOfAddress, type BcoinMeta, type BcoinNode } from './regtestNode.ts';

// An Esplora HTTP API (Blockstream/esplora API.md: the routes @cairn/bitcoin's client calls) over
// the in-memory bcoin regtest node, plus one route of its own, POST /regtest/mine, for tests.

const reverseHex = (hex: string) => hex.match(/../g)!.reverse().join('');
const PAGE = 25;
const MEMPOOL_PAGE = 50;
const MAX_BODY_BYTES = 1_000_000;
const MAX_MINE = 100;
const FEE_TARGETS = [1, 2, 3, 4, 5, 6, 10, 20, 25, 144, 504, 1008];
/** bcoin's estimator looks at most 15 blocks ahead; longer targets take its 15-block answer. */
const MAX_ESTIMATE_TARGET = 15;

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// Esplora's names for output types.
const ESPLORA_TYPES: Record<string, string> = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr', unknown: 'op_return' };
function scriptType(script: Uint8Array): string {
  if (script[0] === 0x6a) return 'op_return';
  try {
    return ESPLORA_TYPES[OutScript.decode(script).type] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function outputJson(output: any) {
  const script = new Uint8Array(output.script.toRaw());
  const address = addressOfScript(script);
  return {
    scriptpubkey: Buffer.from(script).toString('hex'),
    scriptpubkey_type: scriptType(script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: output.value,
  };
}

function statusJson(meta: Pick<BcoinMeta, 'height' | 'block' | 'time'>) {
  return meta.height === -1 ? { confirmed: false } : { confirmed: true, block_height: meta.height, block_hash: reverseHex(meta.block!), block_time: meta.time };
}

export type EsploraFacade = { url: string; close(): Promise<void> };

export async function startEsploraFacade(node: BcoinNode, { port, host }: { port: number; host: string }): Promise<EsploraFacade> {
  const bcoin = loadBcoin();
  const minerScript = scriptOfAddress(BITCOIN_MINER.payment)!;

  const scriptOf = (address: string) => {
    const script = scriptOfAddress(decodeURIComponent(address));
    if (!script) throw new RequestError(400, 'Invalid Bitcoin address');
    return script;
  };
  const sortedMetas = async (script: Uint8Array): Promise<BcoinMeta[]> => {
    const metas: BcoinMeta[] = await node.getMetaByAddress(bcoinAddress(bcoin, script));
    const mempool = metas.filter((meta) => meta.height === -1).sort((a, b) => b.mtime - a.mtime);
    const chain = metas.filter((meta) => meta.height !== -1).sort((a, b) => b.height - a.height);
    return [...mempool, ...chain];
  };
  const transactionJson = async (meta: BcoinMeta) => {
    const { tx } = meta;
    const view = await node.getMetaView(meta);
    const coinbase = tx.isCoinbase();
    return {
      txid: tx.txid(),
      version: tx.version,
      locktime: tx.locktime,
      vin: tx.inputs.map((input: any) => {
        const coin = coinbase ? null : view.getOutputFor(input);
        return {
          txid: reverseHex(input.prevout.hash),
          vout: input.prevout.index,
          is_coinbase: coinbase,
          prevout: coin ? outputJson(coin) : null,
          scriptsig: input.script.toRaw().toString('hex'),
          witness: input.witness.items.map((item: Buffer) => item.toString('hex')),
          sequence: input.sequence,
        };
      }),
      vout: tx.outputs.map(outputJson),
      size: tx.getSize(),
      weight: tx.getWeight(),
      fee: coinbase ? 0 : tx.getFee(view),
      status: statusJson(meta),
    };
  };
  const addressStats = async (script: Uint8Array) => {
    const stats = () => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 });
    const chain = stats();
    const mempool = stats();
    const target = Buffer.from(script);
    for (const meta of await sortedMetas(script)) {
      const into = meta.height === -1 ? mempool : chain;
      into.tx_count++;
      for (const output of meta.tx.outputs) {
        if (!output.script.toRaw().equals(target)) continue;
        into.funded_txo_count++;
        into.funded_txo_sum += output.value;
      }
      if (meta.tx.isCoinbase()) continue;
      const view = await node.getMetaView(meta);
      for (const input of meta.tx.inputs) {
        const coin = view.getOutputFor(input);
        if (!coin || !coin.script.toRaw().equals(target)) continue;
        into.spent_txo_count++;
        into.spent_txo_sum += coin.value;
      }
    }
    return { chain_stats: chain, mempool_stats: mempool };
  };
  const findMeta = async (txid: string): Promise<BcoinMeta> => {
    if (!/^[0-9a-f]{64}$/.test(txid)) throw new RequestError(400, 'Invalid transaction id');
    const meta = await node.getMeta(reverseHex(txid));
    if (!meta) throw new RequestError(404, 'Transaction not found');
    return meta;
  };
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_BODY_BYTES) {
          reject(new RequestError(413, 'Request body too large'));
          request.destroy();
        }
      });
      request.on('end', () => resolve(body));
      request.on('error', reject);
    });

  async function route(method: string, path: string, request: IncomingMessage): Promise<unknown> {
    let match: RegExpMatchArray | null;
    if (method === 'GET' && (match = path.match(/^\/address\/([^/]+)$/))) {
      const address = decodeURIComponent(match[1]!);
      return { address, ...(await addressStats(scriptOf(address))) };
    }
    if (method === 'GET' && (match = path.match(/^\/address\/([^/]+)\/utxo$/))) {
      const coins: any[] = await node.getCoinsByAddress(bcoinAddress(bcoin, scriptOf(match[1]!)));
      return Promise.all(
        coins.map(async (coin) => {
          const entry = coin.height === -1 ? undefined : await node.chain.getEntry(coin.height);
          return {
            txid: coin.txid(),
            vout: coin.index,
            value: coin.value,
            status: entry ? statusJson({ height: coin.height, block: entry.hash, time: entry.time }) : { confirmed: false },
          };
        }),
      );
    }
    if (method === 'GET' && (match = path.match(/^\/address\/([^/]+)\/txs(?:\/chain\/([0-9a-f]{64}))?$/))) {
      const metas = await sortedMetas(scriptOf(match[1]!));
      const confirmed = metas.filter((meta) => meta.height !== -1);
      let page: BcoinMeta[];
      if (match[2]) {
        const index = confirmed.findIndex((meta) => meta.tx.txid() === match![2]);
        page = index === -1 ? [] : confirmed.slice(index + 1, index + 1 + PAGE);
      } else {
        page = [...metas.filter((meta) => meta.height === -1).slice(0, MEMPOOL_PAGE), ...confirmed.slice(0, PAGE)];
      }
      return Promise.all(page.map(transactionJson));
    }
    if (method === 'GET' && (match = path.match(/^\/tx\/([^/]+)\/status$/))) return statusJson(await findMeta(match[1]!));
    if (method === 'GET' && (match = path.match(/^\/tx\/([^/]+)$/))) return transactionJson(await findMeta(match[1]!));
    if (method === 'GET' && path === '/blocks/tip/height') return String(node.chain.height);
    if (method === 'GET' && path === '/blocks/tip/hash') return reverseHex(node.chain.tip.hash);
    if (method === 'GET' && path === '/fee-estimates') {
      // A fresh regtest chain has no fee history: the estimator answers 0 and the relay floor
      // (1 sat/vB) stands in, as it would for any target on an empty mempool.
      return Object.fromEntries(FEE_TARGETS.map((target) => [String(target), Math.max(node.fees.estimateFee(Math.min(target, MAX_ESTIMATE_TARGET)) / 1000, 1)]));
    }
    if (method === 'POST' && path === '/tx') {
      const hex = (await readBody(request)).trim();
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new RequestError(400, 'Invalid transaction hex');
      let tx;
      try {
        tx = bcoin.TX.fromRaw(Buffer.from(hex, 'hex'));
      } catch {
        throw new RequestError(400, 'Transaction could not be decoded');
      }
      try {
        await node.mempool.addTX(tx);
      } catch (error) {
        throw new RequestError(400, `sendrawtransaction RPC error: ${(error as Error).message}`);
      }
      return tx.txid();
    }
    if (method === 'POST' && path === '/regtest/mine') {
      const body = (await readBody(request)).trim();
      let params: { blocks?: unknown; address?: unknown } = {};
      try {
        params = body ? JSON.parse(body) : {};
      } catch {
        throw new RequestError(400, 'The body is JSON: { blocks?, address? }');
      }
      const blocks = params.blocks ?? 1;
      if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 1 || blocks > MAX_MINE) throw new RequestError(400, `blocks is 1..${MAX_MINE}`);
      const script = params.address === undefined ? minerScript : typeof params.address === 'string' ? scriptOf(params.address) : scriptOf('');
      return { height: await mineBlocks(node, blocks, script) };
    }
    throw new RequestError(404, 'Not found');
  }

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', 'access-control-allow-origin': '*' });
    response.end(text);
  };
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' });
      response.end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://facade').pathname;
    route(request.method ?? 'GET', path, request).then(
      (body) => send(response, 200, body),
      (error: unknown) => {
        if (error instanceof RequestError) return send(response, error.status, error.message);
        console.error('[bitcoin esplora facade]', error);
        send(response, 500, 'Internal error');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
