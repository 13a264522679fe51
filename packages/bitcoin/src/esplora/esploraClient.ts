import { fetchWithRetry, type FetchOptions } from '@cairn/core/internal';
import * as v from 'valibot';
import type { BitcoinAddressBalance, BitcoinChainSource, BitcoinTransaction, BitcoinTxStatus } from '../chainSource.ts';
import {
  addressStatsSchema,
  feeEstimatesSchema,
  HEIGHT_TEXT,
  transactionListSchema,
  TXID_TEXT,
  txStatusSchema,
  utxoListSchema,
} from './esploraSchemas.ts';

export interface EsploraClientOptions extends FetchOptions {
  /** The Esplora API base, e.g. `https://blockstream.info/api` (the site's own or one it chose). */
  url: string;
  /** Largest response body read, in bytes (an address with a long history is paged, never unbounded). */
  maxResponseBytes?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 4_000_000;
const MAX_RAW_TRANSACTION_HEX = 800_000; // 400 kB: a standard transaction's weight limit
const MAX_ERROR_TEXT = 300;

export class EsploraError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EsploraError';
  }
}

const statusOf = (status: v.InferOutput<typeof txStatusSchema>): BitcoinTxStatus => ({
  confirmed: status.confirmed,
  ...(status.block_height != null ? { blockHeight: status.block_height } : {}),
  ...(status.block_hash != null ? { blockHash: status.block_hash } : {}),
  ...(status.block_time != null ? { blockTime: status.block_time } : {}),
});

const outputOf = (output: { scriptpubkey_address?: string | undefined; value: number }) => ({
  ...(output.scriptpubkey_address ? { address: output.scriptpubkey_address } : {}),
  value: BigInt(output.value),
});

/** The production `BitcoinChainSource`: an Esplora HTTP API at a configured URL. */
export function createEsploraClient(options: EsploraClientOptions): BitcoinChainSource {
  if (typeof options?.url !== 'string' || !/^https?:\/\/[^\s]+$/.test(options.url)) throw new TypeError(`Invalid Esplora URL: ${String(options?.url)}`);
  const base = options.url.replace(/\/+$/, '');
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const segment = (value: string, pattern: RegExp, what: string) => {
    if (typeof value !== 'string' || !pattern.test(value)) throw new TypeError(`Invalid ${what}: ${String(value).slice(0, 100)}`);
    return encodeURIComponent(value);
  };
  const address = (value: string) => segment(value, /^[a-zA-Z0-9]{14,90}$/, 'Bitcoin address');
  const txid = (value: string) => segment(value, TXID_TEXT, 'transaction id');

  async function readText(path: string): Promise<string> {
    const response = await fetchWithRetry(`${base}${path}`, { headers: { accept: 'application/json, text/plain' } }, options);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) throw new EsploraError(`Esplora answer too large (${declared} bytes)`);
    const text = await response.text();
    if (text.length > maxBytes) throw new EsploraError(`Esplora answer too large (${text.length} bytes)`);
    return text;
  }
  async function readJson<T extends v.GenericSchema>(path: string, schema: T): Promise<v.InferOutput<T>> {
    const text = await readText(path);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new EsploraError(`Esplora answered ${path.split('/')[1]} with something that is not JSON`);
    }
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) throw new EsploraError(`Unexpected Esplora answer for ${path.split('/')[1]}: ${v.summarize(parsed.issues).slice(0, MAX_ERROR_TEXT)}`);
    return parsed.output;
  }

  return {
    async getBalance(of): Promise<BitcoinAddressBalance> {
      const stats = await readJson(`/address/${address(of)}`, addressStatsSchema);
      const confirmed = BigInt(stats.chain_stats.funded_txo_sum) - BigInt(stats.chain_stats.spent_txo_sum);
      const unconfirmed = BigInt(stats.mempool_stats.funded_txo_sum) - BigInt(stats.mempool_stats.spent_txo_sum);
      return { confirmed, unconfirmed, total: confirmed + unconfirmed };
    },

    async getUtxos(of) {
      const list = await readJson(`/address/${address(of)}/utxo`, utxoListSchema);
      return list.map((utxo) => ({ txid: utxo.txid, vout: utxo.vout, value: BigInt(utxo.value), status: statusOf(utxo.status) }));
    },

    async getTransactions(of, lastSeenTxid): Promise<readonly BitcoinTransaction[]> {
      const path = lastSeenTxid === undefined ? `/address/${address(of)}/txs` : `/address/${address(of)}/txs/chain/${txid(lastSeenTxid)}`;
      const list = await readJson(path, transactionListSchema);
      return list.map((tx) => ({
        txid: tx.txid,
        fee: BigInt(tx.fee),
        status: statusOf(tx.status),
        inputs: tx.vin.map((input) => (input.prevout ? outputOf(input.prevout) : undefined)),
        outputs: tx.vout.map(outputOf),
      }));
    },

    async getFeeEstimates() {
      const estimates = await readJson('/fee-estimates', feeEstimatesSchema);
      return new Map(
        Object.entries(estimates)
          .map(([target, rate]) => [Number(target), rate] as [number, number])
          .sort((a, b) => a[0] - b[0]),
      );
    },

    async getTransactionStatus(id) {
      return statusOf(await readJson(`/tx/${txid(id)}/status`, txStatusSchema));
    },

    async getTipHeight() {
      const text = (await readText('/blocks/tip/height')).trim();
      if (!HEIGHT_TEXT.test(text)) throw new EsploraError('Unexpected Esplora answer for the tip height');
      return Number(text);
    },

    async broadcast(rawTransactionHex) {
      if (typeof rawTransactionHex !== 'string' || rawTransactionHex.length > MAX_RAW_TRANSACTION_HEX || !/^(?:[0-9a-f]{2})+$/i.test(rawTransactionHex)) {
        throw new TypeError('A raw transaction is an even-length hex string');
      }
      const doFetch = options.fetch ?? globalThis.fetch;
      // Not retried: the node's refusal (fee too low, double spend) is the answer to show.
      const response = await doFetch(`${base}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: rawTransactionHex });
      const text = (await response.text()).slice(0, MAX_ERROR_TEXT).trim();
      if (!response.ok) throw new EsploraError(`The node refused the transaction: ${text || `HTTP ${response.status}`}`);
      if (!TXID_TEXT.test(text)) throw new EsploraError('Unexpected Esplora answer to a broadcast');
      return text;
    },
  };
}
