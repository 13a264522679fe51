// `node scripts/lint.mjs`: the 'typecheck and lint' step of `npm test`. It builds the repository's
// TypeScript program once (tsconfig.json), reports its type errors as `tsc --noEmit` would, then
// runs typescript-eslint over the packages' sources (eslint.config.mjs: the syntactic set
// everywhere, the type-aware rules that find bugs on the browser packages' shipped code) with that
// program, whose types the typecheck has already resolved. Fails on any type error or lint problem.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { lintConfig, LINTED } from '../eslint.config.mjs';
import { root } from './lib/ensureInstall.mjs';
import { createTypeProgram, typeErrors } from './lib/typeProgram.mjs';

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const program = createTypeProgram(join(root, 'tsconfig.json'));
const errors = typeErrors(program);
if (errors) console.error(errors);
else console.log(`✔ ${program.getRootFileNames().length} files typecheck (${seconds()} s)`);

const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: lintConfig(root, program) });
const results = await eslint.lintFiles(LINTED);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
if (problems > 0) {
  console.error((await eslint.loadFormatter('stylish')).format(results));
  console.error(`${problems} lint problem(s) in ${results.length} files (${seconds()} s).`);
} else {
  console.log(`✔ ${results.length} files pass the linter (${seconds()} s)`);
}
if (errors || problems > 0) process.exit(1);
