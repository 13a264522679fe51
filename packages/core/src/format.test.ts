import { describe, expect, it } from 'vitest';
import { formatAmount, formatBalance, formatUnits, formatUsd, isSafeImageUrl, shortenAddress } from './format.ts';

describe('shortenAddress', () => {
  it('keeps 0x, 4 leading and 6 trailing characters of an EVM address (SPEC §9)', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…b92266');
  });

  it('leaves a string of at most 10 characters after the prefix untouched', () => {
    expect(shortenAddress('0x1234567890')).toBe('0x1234567890');
    expect(shortenAddress('abcdefghij')).toBe('abcdefghij');
    expect(shortenAddress('0x')).toBe('0x');
    expect(shortenAddress('')).toBe('');
  });

  it('counts the leading 4 from the start of an address without 0x', () => {
    expect(shortenAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('bc1q…wf5mdq');
    expect(shortenAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe('7S3P…ArAaKv');
  });
});

describe('formatUnits', () => {
  it('formats zero as 0', () => {
    expect(formatUnits(0n, 18)).toBe('0');
  });

  it('formats 1 wei exactly, without floating point', () => {
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
  });

  it('formats 18-decimal values and drops trailing zeros', () => {
    expect(formatUnits(10n ** 18n, 18)).toBe('1');
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(formatUnits(10_000n * 10n ** 18n, 18)).toBe('10000');
    // More than Number.MAX_SAFE_INTEGER wei: must stay exact.
    expect(formatUnits(123_456_789_012_345_678_901_234_567n, 18)).toBe('123456789.012345678901234567');
  });

  it('formats 6-decimal values (USDC-like)', () => {
    expect(formatUnits(1_234_567n, 6)).toBe('1.234567');
    expect(formatUnits(500_000n, 6)).toBe('0.5');
    expect(formatUnits(1n, 6)).toBe('0.000001');
  });

  it('formats 0-decimal values as whole numbers', () => {
    expect(formatUnits(42n, 0)).toBe('42');
    expect(formatUnits(0n, 0)).toBe('0');
  });

  it('keeps the sign of negative values', () => {
    expect(formatUnits(-1n, 18)).toBe('-0.000000000000000001');
    expect(formatUnits(-1_250_000n, 6)).toBe('-1.25');
    expect(formatUnits(-7n, 0)).toBe('-7');
  });

  it('rejects negative or fractional decimals', () => {
    expect(() => formatUnits(1n, -1)).toThrow('Invalid decimals: -1');
    expect(() => formatUnits(1n, 1.5)).toThrow('Invalid decimals: 1.5');
  });
});

describe('formatAmount', () => {
  it('always shows exactly 3 decimals (SPEC §9)', () => {
    expect(formatAmount('10')).toBe('10.000');
    expect(formatAmount('1.5')).toBe('1.500');
    expect(formatAmount('0')).toBe('0.000');
  });

  it('groups the thousands as the fiat figures beside it are (10,000.000 ETH beside $10,000.00)', () => {
    expect(formatAmount('10000')).toBe('10,000.000');
    expect(formatAmount('1234567.891')).toBe('1,234,567.891');
    expect(formatAmount('-1000.5')).toBe('-1,000.500');
    expect(formatAmount('999')).toBe('999.000');
    expect(formatAmount('0001000')).toBe('1,000.000');
    expect(formatAmount('123456789', 0)).toBe('123,456,789');
  });

  it('truncates instead of rounding, so a balance is never shown higher than it is', () => {
    expect(formatAmount('0.1239')).toBe('0.123');
    expect(formatAmount('0.9999')).toBe('0.999');
    expect(formatAmount('0.000000000000000001')).toBe('0.000');
  });

  it('reads junk as 0.000', () => {
    expect(formatAmount('junk')).toBe('0.000');
    expect(formatAmount('')).toBe('0.000');
    expect(formatAmount('1e18')).toBe('0.000');
    expect(formatAmount('1.2.3')).toBe('0.000');
    expect(formatAmount('NaN')).toBe('0.000');
  });

  it('keeps the sign of a negative amount but never shows -0.000', () => {
    expect(formatAmount('-1.23456')).toBe('-1.234');
    expect(formatAmount('-0.0001')).toBe('0.000');
  });

  it('ignores surrounding whitespace', () => {
    expect(formatAmount(' 2.5 ')).toBe('2.500');
  });

  it('honours another number of decimals', () => {
    expect(formatAmount('12.345', 2)).toBe('12.34');
    expect(formatAmount('12.9', 0)).toBe('12');
    expect(formatAmount('junk', 0)).toBe('0');
  });
});

describe('formatBalance', () => {
  it('shows the amount with 3 decimals followed by the symbol', () => {
    expect(formatBalance('1.23456', 'ETH')).toBe('1.234 ETH');
    expect(formatBalance('10000', 'USDC')).toBe('10,000.000 USDC');
  });

  it('is empty while the balance or the symbol is unknown', () => {
    expect(formatBalance(undefined, 'ETH')).toBe('');
    expect(formatBalance('1', undefined)).toBe('');
    expect(formatBalance('1', '')).toBe('');
  });
});

describe('formatUsd', () => {
  it('shows dollars with 2 decimals and thousands separators (SPEC §9)', () => {
    expect(formatUsd(20_002_500)).toBe('$20,002,500.00');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(undefined)).toBe('');
    expect(formatUsd(Number.NaN)).toBe('');
  });
});

describe('isSafeImageUrl', () => {
  it('allows http(s) and image data URIs only', () => {
    expect(isSafeImageUrl('http://127.0.0.1:8787/public/getTokenImage/1?projectId=x')).toBe(true);
    expect(isSafeImageUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeImageUrl('data:image/svg+xml,<svg/>')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>', '', undefined, 'http://x/a b', '//evil.example/x.png']) {
      expect(isSafeImageUrl(bad)).toBe(false);
    }
  });
});
