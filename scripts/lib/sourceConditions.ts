import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';
import { textIds } from './textIds.mjs';

/**
 * Inside the workspace, `@cairn/*` packages resolve to their TypeScript sources through this
 * export condition (see each package.json's "exports"); sites that install the packages get dist/.
 */
export const SOURCE_CONDITION = '@cairn/source';

/**
 * The settings every Vite build and Vitest run in this workspace uses: the sources through their
 * condition, and their texts named by id turned into English as the published build does
 * (textIds.mjs). A config with plugins of its own lists these first: `plugins: [...sourceResolve.plugins, react()]`.
 */
export const sourceResolve = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions], externalConditions: [SOURCE_CONDITION] } },
  plugins: [textIds()],
} satisfies UserConfig;
