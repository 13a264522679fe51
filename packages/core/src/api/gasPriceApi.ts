import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import type { ApiConfig } from './apiConfig.ts';
import { getJson, parseResponse } from './getJson.ts';

const wei = v.pipe(v.string(), v.regex(/^\d{1,40}$/));
const gasPriceSchema = v.object({ standard: wei, fast: wei, instant: wei });

export interface GasPrices {
  standard: bigint;
  fast: bigint;
  instant: bigint;
}

/** SPEC §7 `GET /v1/convert/gas-price?chainId`: wei per gas at three speeds. */
export async function getGasPrice(config: ApiConfig, chainId: string, fetchOptions: FetchOptions = {}): Promise<GasPrices> {
  const path = '/v1/convert/gas-price';
  const body = await getJson(config, fetchOptions, path, { chainId }, (raw) => parseResponse(gasPriceSchema, raw, path));
  return { standard: BigInt(body.standard), fast: BigInt(body.fast), instant: BigInt(body.instant) };
}
