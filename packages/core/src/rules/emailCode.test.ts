import { describe, expect, it } from 'vitest';
import { EMAIL_CODE_DIGITS, EMAIL_CODE_PATTERN, emailCodeFrom, isEmailCode } from './emailCode.ts';

describe('the e-mail code rule', () => {
  it('takes exactly six digits', () => {
    expect(EMAIL_CODE_DIGITS).toBe(6);
    expect(isEmailCode('012345')).toBe(true);
    for (const wrong of ['12345', '1234567', '1234567890', '12345a', ' 123456', '١٢٣٤٥٦', '', 123456, undefined]) expect(isEmailCode(wrong)).toBe(false);
  });

  it('reads a pasted code by its digits and stops at a code\'s length', () => {
    expect(emailCodeFrom(' 123 456 ')).toBe('123456');
    expect(emailCodeFrom('123-456')).toBe('123456');
    expect(emailCodeFrom('12345678')).toBe('123456');
    expect(emailCodeFrom('abc')).toBe('');
  });

  it('states the same rule as a pattern for request schemas', () => {
    const pattern = new RegExp(EMAIL_CODE_PATTERN);
    expect(['000000', '999999'].every((code) => pattern.test(code))).toBe(true);
    expect(['00000', '0000000', '00000a'].some((code) => pattern.test(code))).toBe(false);
  });
});
