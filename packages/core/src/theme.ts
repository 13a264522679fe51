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
  '--cairn-qr-foreground',
  '--cairn-qr-background',
] as const;

export type ThemeVariable = (typeof THEME_VARIABLES)[number];
export type ThemeVariables = Partial<Record<ThemeVariable, string>>;
export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

/** Values for both palettes alike, or per palette (`{ light, dark }`, as the presets are). */
export type ThemeVariablesInput = ThemeVariables | { light?: ThemeVariables; dark?: ThemeVariables };

/** The site's overrides, per palette. */
export interface PaletteVariables {
  light: ThemeVariables;
  dark: ThemeVariables;
}

function readVariables(where: string, variables: unknown): ThemeVariables {
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
    throw new TypeError(`${where} must be an object of --cairn-* variables`);
  }
  for (const [name, value] of Object.entries(variables)) {
    if (!(THEME_VARIABLES as readonly string[]).includes(name)) throw new TypeError(`${where}: unknown theme variable ${name}`);
    // A value ends up in a style attribute: nothing that could close the declaration.
    if (typeof value !== 'string' || value.length > 200 || /[;{}<>]/.test(value)) throw new TypeError(`${where}: theme variable ${name} has an invalid value`);
  }
  return { ...(variables as ThemeVariables) };
}

/** Validates theme variables as a site gives them and splits them per palette. */
export function readThemeVariables(where: string, input: unknown): PaletteVariables {
  if (input === undefined) return { light: {}, dark: {} };
  if (typeof input === 'object' && input !== null && ('light' in input || 'dark' in input)) {
    const { light, dark, ...rest } = input as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw new TypeError(`${where}: give either variables or { light, dark }, not both`);
    return {
      light: light === undefined ? {} : readVariables(`${where}.light`, light),
      dark: dark === undefined ? {} : readVariables(`${where}.dark`, dark),
    };
  }
  const both = readVariables(where, input);
  return { light: both, dark: { ...both } };
}

export function readThemeMode(where: string, mode: unknown): ThemeMode {
  if (!(THEME_MODES as readonly unknown[]).includes(mode)) throw new TypeError(`${where} must be one of ${THEME_MODES.join(', ')}`);
  return mode as ThemeMode;
}
