// The theme contract a site can rely on without reading our CSS (STYLE.md). The React package
// maps these onto its styles; any other renderer must honour the same names.
export const THEME_VARIABLES = [
  '--cairn-font-family',
  '--cairn-accent',
  '--cairn-accent-foreground',
  '--cairn-background',
  '--cairn-foreground',
  '--cairn-muted',
  '--cairn-border',
  '--cairn-radius',
  '--cairn-z-index',
  '--cairn-overlay',
] as const;

export type ThemeVariable = (typeof THEME_VARIABLES)[number];
export type ThemeVariables = Partial<Record<ThemeVariable, string>>;
export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];
