import { THEME_VARIABLES } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { themeHostCss } from './themeHostCss.ts';
import { THEME_DEFAULTS } from './themeDefaults.ts';

describe('themeHostCss', () => {
  const css = themeHostCss();
  const [light = '', dark = ''] = css.split(':host([data-theme="dark"])');

  it('gives every core theme variable a light and a dark default', () => {
    for (const name of THEME_VARIABLES) {
      expect(light).toContain(`${name}:${THEME_DEFAULTS.light[name]};`);
      expect(dark).toContain(`${name}:${THEME_DEFAULTS.dark[name]};`);
    }
  });

  it('scopes the dark palette to the host attribute', () => {
    expect(light.startsWith(':host{')).toBe(true);
    expect(dark).toContain(`--cairn-background:${THEME_DEFAULTS.dark['--cairn-background']};`);
    expect(dark).toContain('color-scheme:dark');
  });
});
