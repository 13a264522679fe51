import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * Inside the workspace, `@cairn/*` packages resolve to their TypeScript sources through this
 * export condition (see each package.json's "exports"); sites that install the packages get dist/.
 */
export const SOURCE_CONDITION = '@cairn/source';

/** The `resolve` settings every Vite build and Vitest run in this workspace uses. */
export const sourceResolve = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions], externalConditions: [SOURCE_CONDITION] } },
} satisfies UserConfig;
