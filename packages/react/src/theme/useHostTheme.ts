import type { Cairn } from '@cairn/core';
import { firstPaint } from '@cairn/core';
import { useLayoutEffect } from 'react';
import { useStoreState } from '../hooks/useStoreState.ts';
import { THEME_ATTRIBUTE } from './themeHostCss.ts';
import { useResolvedTheme } from './useResolvedTheme.ts';

/**
 * Paints a shadow host: the palette attribute, and the site's `--cairn-*` overrides for that
 * palette as inline custom properties, which win over the defaults inside the shadow root. Both
 * follow the instance's theme store, so setThemeMode / setThemeVariables apply at once.
 */
export function useHostTheme(host: HTMLElement | null, cairn: Cairn): void {
  // The theme store is there before the instance is assembled: painting the button assembles nothing.
  const { themeMode, themeVariables } = useStoreState(firstPaint(cairn)?.theme ?? cairn.stores.theme);
  const theme = useResolvedTheme(themeMode);
  const variables = themeVariables[theme];
  useLayoutEffect(() => {
    host?.setAttribute(THEME_ATTRIBUTE, theme);
  }, [host, theme]);
  useLayoutEffect(() => {
    if (!host) return;
    const set = Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined);
    for (const [name, value] of set) host.style.setProperty(name, value);
    return () => {
      for (const [name] of set) host.style.removeProperty(name);
    };
  }, [host, variables]);
}
