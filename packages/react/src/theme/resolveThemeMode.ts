import type { ThemeMode } from '@cairn/core';
import type { ResolvedTheme } from './themeDefaults.ts';

/** `system` follows the visitor's `prefers-color-scheme`; the other modes are fixed. */
export function resolveThemeMode(mode: ThemeMode, prefersDark: boolean): ResolvedTheme {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}
