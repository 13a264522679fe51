/** Fiat currencies the onramp may show, with their signs. */
const CURRENCY_SIGNS: Record<string, string> = {
  USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', CHF: 'Fr', CAD: '$', AUD: '$', NZD: '$', SGD: '$', HKD: '$',
  INR: '₹', KRW: '₩', BRL: 'R$', MXN: '$', TRY: '₺', PLN: 'zł', SEK: 'kr', NOK: 'kr', DKK: 'kr', ZAR: 'R',
  IDR: 'Rp', PHP: '₱', THB: '฿', VND: '₫', NGN: '₦', ARS: '$', CLP: '$', COP: '$', AED: 'د.إ', ILS: '₪', CZK: 'Kč', HUF: 'Ft',
};

/**
 * The catalogue data has no fiat icons, so the server draws one: the currency's sign on a disc.
 * Returns undefined for a code it does not know.
 */
export function currencyImageSvg(code: string): string | undefined {
  const upper = code.toUpperCase();
  const sign = CURRENCY_SIGNS[upper];
  if (!sign) return undefined;
  const size = sign.length > 2 ? 20 : sign.length === 2 ? 26 : 34;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${upper}">` +
    `<circle cx="32" cy="32" r="32" fill="#3a506b"/>` +
    `<text x="32" y="${32 + size / 3}" font-family="Arial,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff">${sign}</text></svg>`
  );
}
