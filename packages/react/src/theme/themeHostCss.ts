import { THEME_DEFAULTS, type ResolvedTheme } from './themeDefaults.ts';

/** Attribute on a shadow host that selects its palette. */
export const THEME_ATTRIBUTE = 'data-theme';

const declarations = (theme: ResolvedTheme) =>
  Object.entries(THEME_DEFAULTS[theme])
    .map(([name, value]) => `${name}:${value};`)
    .join('');

/**
 * The default `--cairn-*` values as `:host` rules. They sit inside the shadow root, so anything set
 * on the host element from outside (the site's `themeVariables`, or the site's own CSS on the
 * host) takes precedence: outer declarations win over `:host` ones.
 */
export function themeHostCss(): string {
  return (
    `:host{${declarations('light')}color-scheme:light;}` +
    `:host([${THEME_ATTRIBUTE}="dark"]){${declarations('dark')}color-scheme:dark;}`
  );
}
