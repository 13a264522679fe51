// The linter of `npm test` (the 'lint' step, scripts/lint.mjs): typescript-eslint's recommended
// type-checked rules over the packages' sources, in one TypeScript program (the root tsconfig.json,
// through the project service).
import tseslint from 'typescript-eslint';

/** The packages' sources: what ships and the tests beside it. */
export const LINTED = ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**'] },
  {
    files: LINTED,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
);
