import { describe, expect, it } from 'vitest';
import { createTestCairn } from './testing/fakeAdapter.ts';
import { readThemeVariables } from './theme.ts';

describe('readThemeVariables', () => {
  it('applies variables given once to both palettes, and per palette when given { light, dark }', () => {
    expect(readThemeVariables('t', { '--cairn-accent': '#f00' })).toEqual({ light: { '--cairn-accent': '#f00' }, dark: { '--cairn-accent': '#f00' } });
    expect(readThemeVariables('t', { dark: { '--cairn-qr-foreground': '#111' } })).toEqual({ light: {}, dark: { '--cairn-qr-foreground': '#111' } });
  });

  it('refuses a mix of both forms, a non-object, an unknown name and a value that could escape its declaration', () => {
    expect(() => readThemeVariables('t', { light: {}, '--cairn-accent': '#f00' })).toThrow('t: give either variables or { light, dark }, not both');
    expect(() => readThemeVariables('t', 'red')).toThrow('t must be an object of --cairn-* variables');
    expect(() => readThemeVariables('t', { dark: { '--x': '1' } })).toThrow('t.dark: unknown theme variable --x');
    expect(() => readThemeVariables('t', { '--cairn-accent': 'x'.repeat(201) })).toThrow('t: theme variable --cairn-accent has an invalid value');
  });
});

describe('setThemeMode and setThemeVariables', () => {
  it('change the theme store at once, and refuse bad values leaving it as it was', () => {
    const { cairn } = createTestCairn({ themeMode: 'light' });
    cairn.setThemeMode('dark');
    cairn.setThemeVariables({ light: { '--cairn-accent': '#0a0' } });
    expect(cairn.stores.theme.get()).toEqual({ themeMode: 'dark', themeVariables: { light: { '--cairn-accent': '#0a0' }, dark: {} } });
    expect(() => cairn.setThemeMode('sepia' as never)).toThrow('setThemeMode: `mode` must be one of light, dark, system');
    expect(() => cairn.setThemeVariables({ '--cairn-accent': 'red;}' })).toThrow(TypeError);
    expect(cairn.stores.theme.get().themeMode).toBe('dark');
  });
});
