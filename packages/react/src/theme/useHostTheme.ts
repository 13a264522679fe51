import type { Cairn } from '@cairn/core';
import { firstPaint } from '@cairn/core';
import { useLayoutEffect } from 'react';
import { bindHostTheme } from './hostTheme.ts';

/**
 * Paints a shadow host with the instance's theme and keeps it painted (hostTheme.ts), from the
 * commit that shows the host, so it never paints in the wrong palette.
 */
export function useHostTheme(host: HTMLElement | null, cairn: Cairn): void {
  // The theme store is there before the instance is assembled: painting assembles nothing.
  const store = firstPaint(cairn)?.theme ?? cairn.stores.theme;
  useLayoutEffect(() => (host ? bindHostTheme(host, store) : undefined), [host, store]);
}
