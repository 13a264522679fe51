import type { ThemeMode } from '@cairn/core';
import { useSyncExternalStore } from 'react';
import { resolveThemeMode } from './resolveThemeMode.ts';
import type { ResolvedTheme } from './themeDefaults.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const canMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

function subscribeToColorScheme(onChange: () => void): () => void {
  if (!canMatchMedia()) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const subscribeToNothing = () => () => {};
const prefersDark = () => canMatchMedia() && window.matchMedia(DARK_QUERY).matches;
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
