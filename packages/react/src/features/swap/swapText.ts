import { formatAmount } from '@cairn/core/rules';

/** Price impact above this is shown as a warning. */
export const HIGH_PRICE_IMPACT = 5;

export const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

export function rateText(rate: { sourceSymbol: string; toSymbol: string; price: number } | undefined): string {
  if (!rate) return '—';
  return `1 ${rate.sourceSymbol} = ${rate.price.toLocaleString('en-US', { maximumSignificantDigits: 6 })} ${rate.toSymbol}`;
}

export const amountText = (whole: string | undefined, symbol: string | undefined) => (whole === undefined ? '—' : `${formatAmount(whole)} ${symbol ?? ''}`.trim());
