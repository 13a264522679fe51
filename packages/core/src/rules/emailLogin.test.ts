import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './emailLogin.ts';

describe('e-mail addresses (SPEC §5)', () => {
  it.each(['ann@example.com', 'a.b+tag@mail.example.co.uk', "o'brien@example.ie", 'x@sub-domain.example.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ann', 'ann@', '@example.com', 'ann@example', 'ann@@example.com', 'ann example@example.com', 'ann..b@example.com', 'ann@-example.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(250)}.com`, 'ann@example.com\n'])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, ['a@b.co']]) expect(isValidEmail(value)).toBe(false);
  });

  it('compares addresses trimmed and in lower case', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});
