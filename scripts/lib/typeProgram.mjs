// The repository's TypeScript program, built once for two readers: the typecheck (its
// diagnostics, what `tsc -p tsconfig.json --noEmit` reports) and the linter's type-aware rules,
// which then read types the typecheck has already resolved instead of building and checking a
// program of their own (eslint.config.mjs).
import ts from 'typescript';

/** The program of the tsconfig at `configPath`, as `tsc -p` builds it. */
export function createTypeProgram(configPath) {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
  if (!config) throw new Error(`cannot read ${configPath}`);
  return ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences, configFileParsingDiagnostics: config.errors });
}

/** The program's type errors, formatted as tsc prints them; '' when there are none. */
export function typeErrors(program) {
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length === 0) return '';
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => ts.sys.newLine };
  return `${ts.formatDiagnosticsWithColorAndContext(diagnostics, host)}\n${diagnostics.length} type error(s)`;
}
