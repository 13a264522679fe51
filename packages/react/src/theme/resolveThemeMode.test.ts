import { describe, expect, it } from 'vitest';
import { resolveThemeMode } from './resolveThemeMode.ts';

describe('resolveThemeMode', () => {
  it('follows the colour-scheme preference in system mode', () => {
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
  });

  it('keeps an explicit mode whatever the preference', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });
});
