// The linter of `npm test` (the 'typecheck and lint' step, scripts/lint.mjs). typescript-eslint's
// recommended rules over the packages' sources, all syntactic (no types, cheap), and on shipped
// code the type-aware rules that find real bugs (a promise nobody awaits or catches, a promise
// where a callback's result is ignored, `await` on a non-promise, ...). The type-aware rules read
// the typecheck's own program (scripts/lib/typeProgram.mjs), so they cost no second program;
// an editor without one gets the project service.
import tseslint from 'typescript-eslint';

/** The packages' sources: what ships and the tests beside it. */
export const LINTED = ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx'];

/**
 * Where the type-aware rules run: the browser packages' shipped code, where an unhandled promise
 * is a visitor's silent failure.
 */
export const TYPE_AWARE = ['core', 'react', 'frame', 'evm', 'solana', 'bitcoin', 'walletconnect', 'wagmi', 'html'].flatMap((name) => [
  `packages/${name}/src/**/*.ts`,
  `packages/${name}/src/**/*.tsx`,
]);

/** Test code: tests, and the test support each package keeps in `testing/` folders. */
export const TEST_CODE = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

/**
 * The type-aware rules worth their cost: each finds a bug, not a style. Not the rest of
 * recommendedTypeChecked: the no-unsafe-* family and restrict-template-expressions flag `any`
 * from JSON and libraries, which the code narrows by schema (valibot) where it matters;
 * require-await and unbound-method flag style more than bugs; prefer-promise-reject-errors flags
 * passing on an AbortSignal's reason or a caught error, which is what those rejections mean to do.
 */
export const TYPE_AWARE_RULES = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  '@typescript-eslint/no-base-to-string': 'error',
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/no-array-delete': 'error',
};

/**
 * ARCHITECTURE.md: per-namespace behaviour is an adapter's capability, a fact of the namespace table
 * (packages/core/src/namespaces.ts) or a rule keyed by namespace (packages/core/src/rules), never a
 * branch on a namespace's name in the widget's actions, stores, features or views. What a feature
 * is for one namespace only (the EIP-1193 provider is EVM's) says so where it branches, in an
 * eslint-disable comment with its reason.
 */
export const NAMESPACE_BRANCHES = ['packages/core/src/**/*.ts', 'packages/react/src/**/*.ts', 'packages/react/src/**/*.tsx'];
export const NAMESPACE_BRANCHES_ALLOWED = ['packages/core/src/rules/**', 'packages/core/src/namespaces.ts', ...TEST_CODE];
const NAMESPACE_NAME = '/^(eip155|solana|polkadot|bip122)$/';
const NAMESPACE_BRANCH_MESSAGE =
  "A branch on a namespace's name: make it an adapter capability, a fact in namespaces.ts or a rule in core/src/rules (ARCHITECTURE.md)";
export const NAMESPACE_BRANCH_RULE = {
  'no-restricted-syntax': [
    'error',
    { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${NAMESPACE_NAME}]`, message: NAMESPACE_BRANCH_MESSAGE },
    { selector: `SwitchCase > Literal.test[value=${NAMESPACE_NAME}]`, message: NAMESPACE_BRANCH_MESSAGE },
  ],
};

/** The syntactic set's options. */
const SYNTACTIC_OPTIONS = {
  // A leading underscore marks a parameter or binding kept on purpose (a callback's shape).
  '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
  // The empty interfaces are registries other modules fill by declaration merging (features/featureRegistry.ts, requestTypes.ts).
  '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
};

/**
 * The configuration for a workspace at `rootDir` (this repository, or the planted one of
 * scripts/lib/lint.test.ts); `program` is its TypeScript program when the caller has built one.
 */
export function lintConfig(rootDir, program) {
  const typed = program ? { programs: [program] } : { projectService: true, tsconfigRootDir: rootDir };
  return tseslint.config(
    { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**'] },
    {
      files: LINTED,
      extends: [tseslint.configs.recommended],
      rules: SYNTACTIC_OPTIONS,
    },
    {
      // bcoin, which the Bitcoin devnet drives, ships no types.
      files: ['packages/devnet/src/bitcoin/esploraFacade.ts'],
      rules: { '@typescript-eslint/no-explicit-any': 'off' },
    },
    {
      files: NAMESPACE_BRANCHES,
      ignores: NAMESPACE_BRANCHES_ALLOWED,
      rules: NAMESPACE_BRANCH_RULE,
    },
    {
      files: TYPE_AWARE,
      ignores: TEST_CODE,
      languageOptions: { parserOptions: typed },
      rules: TYPE_AWARE_RULES,
    },
  );
}

export default lintConfig(import.meta.dirname);
