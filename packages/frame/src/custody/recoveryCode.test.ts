import { describe, expect, it } from 'vitest';
import { CustodyErrorText } from './errors.ts';
import { createRecoveryCode, parseRecoveryCode } from './recoveryCode.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('recovery code', () => {
  it('is 8 groups of 4 Crockford characters, different each time, and reads back', () => {
    const code = createRecoveryCode();
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){7}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(createRecoveryCode()).not.toBe(code);
    expect(parseRecoveryCode(code)).toHaveLength(16);
  });

  it('reads back lower case, spaces, and I/L/O typed for 1/1/0', () => {
    const code = createRecoveryCode();
    const secret = parseRecoveryCode(code);
    const sloppy = code.toLowerCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'o');
    expect(parseRecoveryCode(sloppy)).toEqual(secret);
  });

  it('catches every single-character typo', () => {
    const code = createRecoveryCode();
    const compact = code.replace(/-/g, '');
    for (let i = 0; i < compact.length; i++) {
      const other = ALPHABET[(ALPHABET.indexOf(compact[i]!) + 1 + (i % 31)) % 32]!;
      const typo = compact.slice(0, i) + other + compact.slice(i + 1);
      expect(() => parseRecoveryCode(typo), `position ${i}`).toThrow(CustodyErrorText.recoveryCodeTypo);
    }
  });

  it('catches two swapped groups', () => {
    const groups = createRecoveryCode().split('-');
    [groups[2], groups[5]] = [groups[5]!, groups[2]!];
    expect(() => parseRecoveryCode(groups.join('-'))).toThrow(CustodyErrorText.recoveryCodeTypo);
  });

  it('says what a code looks like when the length or characters are wrong', () => {
    expect(() => parseRecoveryCode(createRecoveryCode().slice(0, -1))).toThrow(CustodyErrorText.recoveryCodeFormat);
    expect(() => parseRecoveryCode('')).toThrow(CustodyErrorText.recoveryCodeFormat);
    expect(() => parseRecoveryCode('*'.repeat(32))).toThrow(CustodyErrorText.recoveryCodeFormat);
  });
});
