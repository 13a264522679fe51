// One package's compile for the published build (buildPackages.mjs): what
// `tsc -p <package>/tsconfig.build.json --noCheck` emits, with each source read as textIds.mjs
// turns it, so the texts a renderer names by id ship as their English texts (dist/ is keyed by
// English, as the runtime always was). Usage: node scripts/lib/compilePackage.mjs <tsconfig.build.json>
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { englishSource } from './textIds.mjs';

/**
 * Emits the package of `configPath`; returns the errors, formatted (none: it emitted). Compiles of
 * one process may share `libraryFiles`: the declarations under node_modules (TypeScript's lib, viem,
 * React...) that every package's program reads, parsed once instead of once per package (measured:
 * `scripts/build.mjs --no-typecheck --force`, 12 packages: 107 → 38 CPU-s), as TypeScript's own language service shares them.
 */
export function compilePackage(configPath, libraryFiles = new Map()) {
  const configErrors = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, { noCheck: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (error) => configErrors.push(error) });
  if (!parsed) return format(configErrors);
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const code = readFile(file);
    return code === undefined ? code : (englishSource(code, file)?.code ?? code);
  };
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    if (!fileName.includes('/node_modules/')) return getSourceFile(fileName, language, onError, shouldCreate);
    const key = typeof language === 'object' ? `${fileName}|${language.languageVersion}|${language.impliedNodeFormat}` : `${fileName}|${language}`;
    let file = libraryFiles.get(key);
    if (!file) {
      file = getSourceFile(fileName, language, onError, shouldCreate);
      if (file) libraryFiles.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host, configFileParsingDiagnostics: parsed.errors });
  const { diagnostics } = program.emit();
  return format([...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(), ...diagnostics]);
}

function format(diagnostics) {
  const errors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  return errors.length === 0 ? '' : ts.formatDiagnostics(errors, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const errors = compilePackage(process.argv[2]);
    if (errors) {
      console.error(errors);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
