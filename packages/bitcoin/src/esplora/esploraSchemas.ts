import * as v from 'valibot';

// Esplora's documented response shapes (Blockstream/esplora API.md), bounded: a field that is
// missing, of the wrong type or out of range fails the whole response instead of reaching the UI.

const SATS = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(21e14));
const COUNT = v.pipe(v.number(), v.integer(), v.minValue(0));
const HEX_ID = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const ADDRESS = v.pipe(v.string(), v.maxLength(100));

export const txStatusSchema = v.object({
  confirmed: v.boolean(),
  block_height: v.optional(v.nullable(COUNT)),
  block_hash: v.optional(v.nullable(HEX_ID)),
  block_time: v.optional(v.nullable(COUNT)),
});

const statsSchema = v.object({
  funded_txo_count: COUNT,
  funded_txo_sum: COUNT,
  spent_txo_count: COUNT,
  spent_txo_sum: COUNT,
  tx_count: COUNT,
});

export const addressStatsSchema = v.object({
  address: ADDRESS,
  chain_stats: statsSchema,
  mempool_stats: statsSchema,
});

export const utxoListSchema = v.pipe(
  v.array(v.object({ txid: HEX_ID, vout: COUNT, value: SATS, status: txStatusSchema })),
  v.maxLength(10_000),
);

const outputSchema = v.object({
  scriptpubkey: v.pipe(v.string(), v.maxLength(20_000)),
  scriptpubkey_type: v.optional(v.string()),
  scriptpubkey_address: v.optional(ADDRESS),
  value: SATS,
});

export const transactionSchema = v.object({
  txid: HEX_ID,
  fee: SATS,
  vin: v.pipe(
    v.array(v.object({ txid: HEX_ID, vout: COUNT, is_coinbase: v.boolean(), prevout: v.nullable(outputSchema) })),
    v.maxLength(5_000),
  ),
  vout: v.pipe(v.array(outputSchema), v.maxLength(5_000)),
  status: txStatusSchema,
});

export const transactionListSchema = v.pipe(v.array(transactionSchema), v.maxLength(100));

export const feeEstimatesSchema = v.record(v.pipe(v.string(), v.regex(/^\d{1,4}$/)), v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000)));

export const TXID_TEXT = /^[0-9a-f]{64}$/;
export const HEIGHT_TEXT = /^\d{1,9}$/;
