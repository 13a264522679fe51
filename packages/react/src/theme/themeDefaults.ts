import type { ThemeVariable } from '@cairn/core';

export type ResolvedTheme = 'light' | 'dark';

const SYSTEM_FONT_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * The default value of every `--cairn-*` variable (core theme.ts), per palette. Typed as a full
 * record so that a variable added to the core contract fails to compile here until it has a value.
 */
export const THEME_DEFAULTS: Readonly<Record<ResolvedTheme, Readonly<Record<ThemeVariable, string>>>> = {
  light: {
    '--cairn-font-family': SYSTEM_FONT_STACK,
    '--cairn-accent': '#3b5bdb',
    '--cairn-accent-foreground': '#ffffff',
    '--cairn-background': '#ffffff',
    '--cairn-foreground': '#16181d',
    // 4.5:1 (WCAG AA) on the rows' surface and its hover shade, not only on white (axe e2e).
    '--cairn-muted': '#606672',
    '--cairn-border': '#e6e8ec',
    '--cairn-radius': '16px',
    '--cairn-z-index': '2147483000',
    '--cairn-overlay': 'rgba(16, 18, 24, 0.45)',
    '--cairn-qr-foreground': '#000000',
    '--cairn-qr-background': '#ffffff',
  },
  dark: {
    '--cairn-font-family': SYSTEM_FONT_STACK,
    '--cairn-accent': '#6e8bff',
    '--cairn-accent-foreground': '#0d1020',
    '--cairn-background': '#17191e',
    '--cairn-foreground': '#eef0f3',
    '--cairn-muted': '#9aa1ad',
    '--cairn-border': '#2a2d35',
    '--cairn-radius': '16px',
    '--cairn-z-index': '2147483000',
    '--cairn-overlay': 'rgba(0, 0, 0, 0.6)',
    // Dark on light in both palettes: what phone cameras read best.
    '--cairn-qr-foreground': '#000000',
    '--cairn-qr-background': '#ffffff',
  },
};
