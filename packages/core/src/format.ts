// SPEC §9's display constants live here, beside their one use, not in constants.ts (issue 29):
// the buttons import this module, and its import of constants.ts kept that module a chunk of its
// own before a site's entry (Rolldown), one more request and its tasks before the first paint.
export const DESCRIPTION_AMOUNT_DECIMALS = 3;
export const ADDRESS_LEADING_CHARS = 4;
export const ADDRESS_TRAILING_CHARS = 6;

/**
 * SPEC §9: addresses shown with 4 leading and 6 trailing characters. The leading count skips
 * a `0x` prefix, so an EVM address keeps four meaningful characters: 0x1234…abcdef.
 */
export function shortenAddress(address: string): string {
  const prefix = address.startsWith('0x') ? '0x' : '';
  const body = address.slice(prefix.length);
  if (body.length <= ADDRESS_LEADING_CHARS + ADDRESS_TRAILING_CHARS) return address;
  return `${prefix}${body.slice(0, ADDRESS_LEADING_CHARS)}…${body.slice(-ADDRESS_TRAILING_CHARS)}`;
}

/** Exact decimal string of `value / 10^decimals`, without floating point. */
export function formatUnits(value: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new Error(`Invalid decimals: ${decimals}`);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Exact `decimal * 10^decimals` as a bigint; extra fraction digits are truncated. */
export function parseUnits(decimal: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Invalid decimal amount: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(`${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`);
  return sign ? -value : value;
}

/** Thousands grouped as the fiat figures beside them are ("$10,000.00"): "10000" → "10,000". */
function groupThousands(whole: string): string {
  return whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * SPEC §9: amounts in descriptions carry 3 decimals. Truncates (never rounds up a balance)
 * and always shows exactly `decimals` digits, the whole part grouped: "10,000.000".
 */
export function formatAmount(decimal: string, decimals: number = DESCRIPTION_AMOUNT_DECIMALS): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return '0'.concat(decimals > 0 ? `.${'0'.repeat(decimals)}` : '');
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const isZero = /^0*$/.test(whole!) && /^0*$/.test(kept);
  return `${isZero ? '' : sign}${groupThousands(whole!)}${decimals > 0 ? `.${kept}` : ''}`;
}

// Made on first use: the page's first Intl formatter costs tens of milliseconds (hundreds on a
// slow phone), which must not land on the page's load.
let usdFormat: Intl.NumberFormat | undefined;

/** SPEC §9: numbers carry 2 decimals by default. */
export function formatUsd(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return usdFormat.format(value);
}

/** Only images the widget may show: http(s) URLs and raster/SVG data URIs, never `javascript:`. */
export function isSafeImageUrl(value: string | undefined): value is string {
  return typeof value === 'string' && (/^https?:\/\/[^\s"'<>]+$/.test(value) || /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(value));
}

export function formatBalance(decimal: string | undefined, symbol: string | undefined): string {
  if (decimal === undefined || !symbol) return '';
  return `${formatAmount(decimal)} ${symbol}`;
}
