import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the linter's configuration is plain JavaScript without declarations
import { lintConfig } from '../../eslint.config.mjs';
import { createTypeProgram, typeErrors } from './typeProgram.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A small workspace shaped like ours, linted with our configuration: each planted problem must be
// reported by the rule named, and the code each rule allows must pass.
const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, noEmit: true, types: [] }, include: ['packages/*/src'] }),
  // Shipped browser code: the type-aware rules run.
  'packages/core/src/planted.ts': [
    'export async function save(): Promise<void> {}',
    'export function click(): void {',
    '  save();', // no-floating-promises
    '}',
    "['a', 'b'].forEach(save);", // no-misused-promises
    'export async function twice(): Promise<number> {',
    '  return await 2;', // await-thenable
    '}',
    'export function keep(_unused: string): void {}', // allowed: an underscore marks a kept parameter
    'export interface Registry {}', // allowed: filled by declaration merging
  ].join('\n'),
  // A test: the syntactic set only, so an unawaited promise passes, an unused binding does not.
  'packages/core/src/planted.test.ts': ["import { save } from './planted.ts';", 'save();', 'const unused = 1;'].join('\n'),
  // A type error: the typecheck's part of the step.
  'packages/core/src/typeError.ts': "export const count: number = 'one';",
  // A branch on a namespace's name in an action, a switch on one in a view: ARCHITECTURE.md's rule.
  'packages/core/src/actions/plantedBranch.ts': [
    "export const feeUnit = (namespace: string): string => (namespace === 'solana' ? 'lamports' : 'gwei');",
    'export function label(namespace: string): string {',
    '  switch (namespace) {',
    "    case 'bip122':",
    "      return 'sats';",
    '  }',
    "  return '';",
    '}',
  ].join('\n'),
  'packages/react/src/views/PlantedView.tsx': "export const isEvm = (network: { chainNamespace: string }): boolean => 'eip155' !== network.chainNamespace;",
  // Allowed: a rule keyed by namespace, and a test.
  'packages/core/src/rules/plantedRule.ts': "export const feeUnit = (namespace: string): string => (namespace === 'solana' ? 'lamports' : 'gwei');",
  'packages/core/src/rules/plantedRule.test.ts': "export const solana = (namespace: string): boolean => namespace === 'solana';",
  // The server: syntactic only.
  'packages/server/src/route.ts': ['export async function handle(): Promise<void> {}', 'handle();', 'export const value: any = 1;'].join('\n'),
};

let workspace: string;
let problems: string[];
let typeCheck: string;

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'cairn-lint-'));
  for (const [file, source] of Object.entries(FILES)) {
    mkdirSync(dirname(join(workspace, file)), { recursive: true });
    writeFileSync(join(workspace, file), source);
  }
  symlinkSync(join(root, 'node_modules'), join(workspace, 'node_modules'));
  // The program the typecheck builds, as scripts/lint.mjs passes it on.
  const program = createTypeProgram(join(workspace, 'tsconfig.json'));
  typeCheck = typeErrors(program);
  const eslint = new ESLint({ cwd: workspace, overrideConfigFile: true, overrideConfig: lintConfig(workspace, program), errorOnUnmatchedPattern: false });
  const results = await eslint.lintFiles(['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx']);
  problems = results.flatMap((result) => result.messages.map((message) => `${result.filePath.slice(workspace.length + 1)}:${message.line} ${message.ruleId}`));
}, 120_000);

afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

describe('the linter of npm test (eslint.config.mjs)', () => {
  it('finds the planted bugs in shipped code with the type-aware rules, and each only once', () => {
    expect(problems).toEqual(
      expect.arrayContaining([
        'packages/core/src/planted.ts:3 @typescript-eslint/no-floating-promises',
        'packages/core/src/planted.ts:5 @typescript-eslint/no-misused-promises',
        'packages/core/src/planted.ts:7 @typescript-eslint/await-thenable',
      ]),
    );
  });

  it('lints tests and the server with the syntactic set only', () => {
    expect(problems).toContain('packages/core/src/planted.test.ts:3 @typescript-eslint/no-unused-vars');
    expect(problems).toContain('packages/server/src/route.ts:3 @typescript-eslint/no-explicit-any');
    expect(problems.filter((problem) => problem.includes('no-floating-promises'))).toEqual(['packages/core/src/planted.ts:3 @typescript-eslint/no-floating-promises']);
  });

  it('reports the type errors of the program the rules read, as tsc does', () => {
    expect(typeCheck).toContain('typeError.ts');
    expect(typeCheck).toContain('TS2322');
    expect(typeCheck).toContain('1 type error(s)');
  });

  it("finds a branch on a namespace's name in the widget's actions and views, not in its rules or tests", () => {
    expect(problems.filter((problem) => problem.endsWith('no-restricted-syntax'))).toEqual([
      'packages/core/src/actions/plantedBranch.ts:1 no-restricted-syntax',
      'packages/core/src/actions/plantedBranch.ts:4 no-restricted-syntax',
      'packages/react/src/views/PlantedView.tsx:1 no-restricted-syntax',
    ]);
  });

  it('allows a kept parameter marked by an underscore and a registry interface: nothing else is reported', () => {
    expect(problems).toHaveLength(8);
  });
});
