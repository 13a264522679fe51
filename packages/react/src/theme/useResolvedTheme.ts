import type { ThemeMode } from '@cairn/core';
import { useSyncExternalStore } from 'react';
import { resolveThemeMode } from './resolveThemeMode.ts';
import type { ResolvedTheme } from './themeDefaults.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
let darkQuery: MediaQueryList | undefined;
/** One query for the page's life: each render reads it (twice, for tearing), and matchMedia parses anew on every call. */
const colorSchemeQuery = (): MediaQueryList | undefined => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  return (darkQuery ??= window.matchMedia(DARK_QUERY));
};

export function subscribeToColorScheme(onChange: () => void): () => void {
  const query = colorSchemeQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const subscribeToNothing = () => () => {};
export const prefersDark = () => colorSchemeQuery()?.matches ?? false;
const prefersDarkOnServer = () => false;

/** The palette to paint now; in `system` mode it follows the OS setting live. */
export function useResolvedTheme(mode: ThemeMode): ResolvedTheme {
  const dark = useSyncExternalStore(
    mode === 'system' ? subscribeToColorScheme : subscribeToNothing,
    prefersDark,
    prefersDarkOnServer,
  );
  return resolveThemeMode(mode, dark);
}
