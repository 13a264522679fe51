import { createStore, type ThemeState } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { bindHostTheme, paintHostTheme } from './hostTheme.ts';

// The binding is attribute and inline-property writes, so it runs without a DOM: the host records
// them. In Chromium, e2e/buttons.e2e.ts checks the painted button at runtime (setThemeMode,
// setThemeVariables) and e2e/screenshots.e2e.ts both palettes.
function recordingHost() {
  const attributes = new Map<string, string>();
  const properties = new Map<string, string>();
  const host = {
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    style: { setProperty: (name: string, value: string) => properties.set(name, value), removeProperty: (name: string) => properties.delete(name) },
  } as unknown as HTMLElement;
  return { host, attributes, properties };
}

const state = (themeMode: ThemeState['themeMode'], light: Record<string, string> = {}, dark: Record<string, string> = {}): ThemeState => ({
  themeMode,
  themeVariables: { light, dark },
});

describe('paintHostTheme', () => {
  it("paints the mode's palette and that palette's overrides only", () => {
    const { host, attributes, properties } = recordingHost();
    const names = paintHostTheme(host, createStore(state('dark', { '--cairn-accent': '#111111' }, { '--cairn-accent': '#eeeeee' })));
    expect(attributes.get('data-theme')).toBe('dark');
    expect([...properties]).toEqual([['--cairn-accent', '#eeeeee']]);
    expect(names).toEqual(['--cairn-accent']);
  });

  it('takes off the overrides the previous paint set and this one no longer gives', () => {
    const { host, properties } = recordingHost();
    const store = createStore(state('light', { '--cairn-accent': '#111111', '--cairn-radius': '4px' }));
    const names = paintHostTheme(host, store);
    store.set(state('light', { '--cairn-radius': '8px' }));
    expect(paintHostTheme(host, store, names)).toEqual(['--cairn-radius']);
    expect([...properties]).toEqual([['--cairn-radius', '8px']]);
  });

  it('paints light in system mode where no media query answers (a server, Node)', () => {
    const { host, attributes } = recordingHost();
    paintHostTheme(host, createStore(state('system')));
    expect(attributes.get('data-theme')).toBe('light');
  });
});

describe('bindHostTheme', () => {
  it('paints at once, follows setThemeMode and setThemeVariables, and on stop takes its overrides off and stops following', () => {
    const { host, attributes, properties } = recordingHost();
    const store = createStore(state('light'));
    const stop = bindHostTheme(host, store);
    expect(attributes.get('data-theme')).toBe('light');
    store.set(state('dark', {}, { '--cairn-accent': '#abcdef' }));
    expect(attributes.get('data-theme')).toBe('dark');
    expect(properties.get('--cairn-accent')).toBe('#abcdef');
    stop();
    expect(properties.size).toBe(0);
    store.set(state('light'));
    expect(attributes.get('data-theme')).toBe('dark');
  });
});
