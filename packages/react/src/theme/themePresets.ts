import type { PaletteVariables } from '@cairn/core';

/**
 * Ready-made themes for `themeVariables` or `cairn.setThemeVariables`, each with light and dark
 * values; text colours keep 4.5:1 on their backgrounds, like the defaults.
 */
export const THEME_PRESETS = {
  /** The defaults (themeDefaults.ts): no overrides. */
  default: { light: {}, dark: {} },
  midnight: {
    light: { '--cairn-accent': '#4338ca', '--cairn-accent-foreground': '#ffffff' },
    dark: {
      '--cairn-accent': '#818cf8',
      '--cairn-accent-foreground': '#0b0d1f',
      '--cairn-background': '#0b0d1f',
      '--cairn-foreground': '#e8e9f7',
      '--cairn-muted': '#a3a7c8',
      '--cairn-border': '#232746',
    },
  },
  forest: {
    light: { '--cairn-accent': '#1f7a4d', '--cairn-accent-foreground': '#ffffff', '--cairn-radius': '12px' },
    dark: {
      '--cairn-accent': '#4ade80',
      '--cairn-accent-foreground': '#06200f',
      '--cairn-background': '#0f1a14',
      '--cairn-foreground': '#e6f2ea',
      '--cairn-muted': '#9db8a7',
      '--cairn-border': '#1f3328',
      '--cairn-radius': '12px',
    },
  },
  square: {
    light: { '--cairn-radius': '4px', '--cairn-accent': '#111111', '--cairn-accent-foreground': '#ffffff' },
    dark: { '--cairn-radius': '4px', '--cairn-accent': '#f2f2f2', '--cairn-accent-foreground': '#111111' },
  },
} as const satisfies Record<string, PaletteVariables>;

export type ThemePresetName = keyof typeof THEME_PRESETS;
