import { maxUint256 } from 'viem';
import { ApiError } from '../http/errors.ts';

/** What an amount of a token must be: the router takes a uint256 of its smallest unit. */
export const SWAP_AMOUNT_RULE = "a whole number of the token's smallest unit, from 0 to 2^256-1";
export const GAS_PRICE_RULE = 'a whole number of wei, from 0 to 2^256-1';

// Digits only (no sign, point, exponent or 0x), as many as 2^256-1 has.
const UINT256_DIGITS = '^[0-9]{1,78}$';
export const swapAmountSchema = { type: 'string', pattern: UINT256_DIGITS, description: SWAP_AMOUNT_RULE } as const;
export const gasPriceSchema = { type: 'string', pattern: UINT256_DIGITS, description: GAS_PRICE_RULE } as const;

export type Uint256Param = { field: string; where: 'query parameter' | 'body field'; rule?: string };

/** The 400 text for a value that is not a uint256: the same as the schema's (validationErrors.ts). */
export const uint256Error = ({ field, where, rule = SWAP_AMOUNT_RULE }: Uint256Param) => `Invalid ${where} "${field}": must be ${rule}`;

/**
 * The uint256 a value that passed one of the schemas above stands for. 78 digits pass the schema
 * but reach 10^78-1, past 2^256-1: those are a 400 naming the field, not a quote no chain could
 * settle nor calldata that cannot be encoded (a 500).
 */
export function uint256Param(text: string, param: Uint256Param): bigint {
  const value = BigInt(text);
  if (value > maxUint256) throw new ApiError(400, uint256Error(param), param.field);
  return value;
}
