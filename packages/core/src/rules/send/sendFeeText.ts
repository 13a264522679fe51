import { formatUsd, formatUnits } from '../../format.ts';
import { NAMESPACES, type ChainNamespace } from '../../namespaces.ts';

export interface SendFeeTextInput {
  namespace: ChainNamespace;
  /** The fee in the chain's smallest unit (wei, lamports, planck, sats). */
  fee: bigint;
  /** The native coin's. */
  decimals: number;
  symbol: string;
  /** The native coin's USD price, when known. */
  priceUsd?: number;
}

/** Below a millionth of the coin a fee reads better in the namespace's small unit (21 gwei, not 0.000000021 ETH). */
const COIN_FROM_DIGITS = 6;
const SIGNIFICANT_DIGITS = 4;

/**
 * Send's fee line: in USD when the coin's price is known, else in the native coin, or in the
 * namespace's small unit (gwei, lamports, planck, sats) when the coin would need more than six
 * decimals. Four significant digits: a fee is an estimate.
 */
export function sendFeeText(input: SendFeeTextInput): string {
  const coin = formatUnits(input.fee, input.decimals);
  if (input.priceUsd !== undefined) return formatUsd(Number(coin) * input.priceUsd);
  const coinDigitsNeeded = input.decimals - input.fee.toString().length + 1;
  if (input.fee === 0n || coinDigitsNeeded <= COIN_FROM_DIGITS) return `${significant(input.fee, input.decimals)} ${input.symbol}`;
  const unit = NAMESPACES[input.namespace].smallUnit;
  return `${significant(input.fee, Math.min(unit.exponent, input.decimals))} ${unit.name}`;
}

/** `value / 10^decimals`, rounded half up to at most four significant digits, without a float. */
function significant(value: bigint, decimals: number): string {
  const digits = value.toString().length;
  const drop = digits - SIGNIFICANT_DIGITS;
  if (drop <= 0) return formatUnits(value, decimals);
  const scale = 10n ** BigInt(drop);
  const rounded = ((value + scale / 2n) / scale) * scale;
  return formatUnits(rounded, decimals);
}
