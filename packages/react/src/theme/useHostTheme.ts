import type { Cairn } from '@cairn/core';
import { useLayoutEffect } from 'react';
import { THEME_ATTRIBUTE } from './themeHostCss.ts';
import { useResolvedTheme } from './useResolvedTheme.ts';

/**
 * Paints a shadow host: the palette attribute, and the site's `themeVariables` as inline custom
 * properties, which win over the defaults inside the shadow root.
 */
export function useHostTheme(host: HTMLElement | null, cairn: Cairn): void {
  const theme = useResolvedTheme(cairn.options.themeMode);
  const { themeVariables } = cairn.options;
  useLayoutEffect(() => {
    host?.setAttribute(THEME_ATTRIBUTE, theme);
  }, [host, theme]);
  useLayoutEffect(() => {
    if (!host) return;
    for (const [name, value] of Object.entries(themeVariables)) {
      if (value !== undefined) host.style.setProperty(name, value);
    }
  }, [host, themeVariables]);
}
