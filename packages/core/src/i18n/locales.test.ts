import { describe, expect, it } from 'vitest';
import { isRightToLeft, matchLocale } from './locales.ts';
import { fill, translate } from './translate.ts';

describe('locales', () => {
  it('matches a tag to the closest language, English otherwise', () => {
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLocale('AR')).toBe('ar');
    expect(matchLocale('sw')).toBe('en');
    expect(matchLocale(undefined)).toBe('en');
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('ja')).toBe(false);
  });

  it('translates by text, by template for a text made from one, and leaves the unknown as it is', () => {
    const catalogue = { 'Network fee': 'Netzwerkgebühr', 'Insufficient {symbol} balance': 'Unzureichendes {symbol}-Guthaben', '{name} is taken': '{name} ist vergeben' };
    expect(translate(catalogue, 'Network fee')).toBe('Netzwerkgebühr');
    expect(translate(catalogue, 'Insufficient TUSD balance')).toBe('Unzureichendes TUSD-Guthaben');
    expect(translate(catalogue, 'trail.cairn.id is taken')).toBe('trail.cairn.id ist vergeben');
    expect(translate(catalogue, 'A reason from the server')).toBe('A reason from the server');
    expect(translate(undefined, 'Network fee')).toBe('Network fee');
    expect(fill('Register {name} {missing}', { name: 'x.cairn.id' })).toBe('Register x.cairn.id {missing}');
  });
});
