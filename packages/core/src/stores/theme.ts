import { createStore } from '../createStore.ts';
import type { PaletteVariables, ThemeMode } from '../theme.ts';

/** The theme now: the site may change it at runtime (setThemeMode, setThemeVariables). */
export interface ThemeState {
  themeMode: ThemeMode;
  themeVariables: PaletteVariables;
}

export const createThemeStore = (initial: ThemeState) => createStore<ThemeState>(initial);
export type ThemeStore = ReturnType<typeof createThemeStore>;
