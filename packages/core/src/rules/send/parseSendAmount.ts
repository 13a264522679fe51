const MAX_UINT256 = 2n ** 256n - 1n;

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; reason: 'empty' | 'format' | 'negative' | 'decimals' | 'zero' | 'too-large' };

/**
 * An amount typed by the visitor, in whole units, to the smallest unit. Digits with one decimal
 * point (a comma is read as one: "1,5"); no sign, exponent, spaces or thousands separators; no
 * more decimals than the token has; more than zero; within uint256. Never through a float.
 */
export function parseSendAmount(input: string, decimals: number): ParsedAmount {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  const normalised = text.includes(',') && !text.includes('.') && text.split(',').length === 2 ? text.replace(',', '.') : text;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalised);
  // A number with a minus sign is refused for what it is, not as text that is no number.
  if (!match && /^-\s*(\d+\.?\d*|\.\d+)$/.test(normalised)) return { ok: false, reason: 'negative' };
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, reason: 'format' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return { ok: false, reason: 'decimals' };
  // Bounded before BigInt: a thousand-digit string is refused without being computed.
  if (whole.replace(/^0+/, '').length > 78) return { ok: false, reason: 'too-large' };
  const value = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (value === 0n) return { ok: false, reason: 'zero' };
  if (value > MAX_UINT256) return { ok: false, reason: 'too-large' };
  return { ok: true, value };
}
