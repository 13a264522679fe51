import type { ThemeStore } from '@cairn/core';
import { THEME_ATTRIBUTE } from './themeHostCss.ts';
import { prefersDark, subscribeToColorScheme } from './useResolvedTheme.ts';
import { resolveThemeMode } from './resolveThemeMode.ts';

/**
 * Paints a shadow host: the palette attribute, and the site's `--cairn-*` overrides for that
 * palette as inline custom properties, which win over the defaults inside the shadow root.
 * Returns the names it set, so the next paint removes the ones no longer given.
 */
export function paintHostTheme(host: HTMLElement, store: ThemeStore, previous: readonly string[] = []): string[] {
  const { themeMode, themeVariables } = store.get();
  // matchMedia only when the OS setting decides.
  const theme = resolveThemeMode(themeMode, themeMode === 'system' && prefersDark());
  host.setAttribute(THEME_ATTRIBUTE, theme);
  const set = Object.entries(themeVariables[theme]).filter((entry): entry is [string, string] => entry[1] !== undefined);
  for (const name of previous) if (!set.some(([next]) => next === name)) host.style.removeProperty(name);
  for (const [name, value] of set) host.style.setProperty(name, value);
  return set.map(([name]) => name);
}

/**
 * Keeps a host painted with the theme store and, in `system` mode, the OS setting, so that
 * setThemeMode / setThemeVariables apply at once. Paints now; returns the stop, which takes the
 * variables it set off the host.
 */
export function bindHostTheme(host: HTMLElement, store: ThemeStore): () => void {
  let names = paintHostTheme(host, store);
  const repaint = () => (names = paintHostTheme(host, store, names));
  const stopStore = store.subscribe(repaint);
  const stopScheme = subscribeToColorScheme(repaint);
  return () => {
    stopStore();
    stopScheme();
    for (const name of names) host.style.removeProperty(name);
  };
}
