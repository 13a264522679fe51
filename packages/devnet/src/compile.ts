import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { keepArtifacts, machineCacheDir, restoreArtifacts } from './artifactCache.ts';
import { CONTRACT_NAMES, artifactPath, contractSource } from './artifacts.ts';
import { artifactsDir, contractsDir } from './paths.ts';

const require = createRequire(import.meta.url);
const hashPath = join(artifactsDir, 'sources.sha256');

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

/** `cached`: nothing compiled (artifacts of these sources were here, or in the machine's cache: `restored`). */
export type CompileResult = { cached: boolean; restored?: boolean; ms: number };

/** The files of one compile, the hash file last (what isCached reads). */
const ARTIFACT_FILES = [...CONTRACT_NAMES.map((name) => `${name}.json`), 'sources.sha256'];

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};

function readSources(): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(contractsDir).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = { content: readFileSync(join(contractsDir, file), 'utf8') };
  }
  return sources;
}

function sourcesHash(sources: Record<string, { content: string }>): string {
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const ozVersion = (require('@openzeppelin/contracts/package.json') as { version: string }).version;
  const aaVersion = (require('@account-abstraction/contracts/package.json') as { version: string }).version;
  return createHash('sha256')
    .update(JSON.stringify({ solcVersion, ozVersion, aaVersion, SETTINGS, sources }))
    .digest('hex');
}

function isCached(hash: string): boolean {
  if (!existsSync(hashPath) || readFileSync(hashPath, 'utf8').trim() !== hash) return false;
  return CONTRACT_NAMES.every((name) => existsSync(artifactPath(name)));
}

/** solc's import callback: `@openzeppelin/...`, `@account-abstraction/...` (any package path) from node_modules. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `File not found: ${path}` };
  }
}

// Write then rename, so a concurrent reader (another test file starting a devnet) never sees half a file.
function writeAtomically(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/**
 * Compiles contracts/*.sol with the solc npm package (offline) into artifacts/<Name>.json.
 * Skips the work when the hash of the sources, compiler and settings matches the last run.
 */
export async function compileContracts(): Promise<CompileResult> {
  const started = performance.now();
  const sources = readSources();
  const hash = sourcesHash(sources);
  if (isCached(hash)) return { cached: true, ms: performance.now() - started };
  if (restoreArtifacts(machineCacheDir(), hash, artifactsDir, ARTIFACT_FILES) && isCached(hash)) return { cached: true, restored: true, ms: performance.now() - started };

  const { default: solc } = await import('solc');
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  for (const warning of (output.errors ?? []).filter((e) => e.severity === 'warning')) console.warn(warning.formattedMessage);
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }

  mkdirSync(artifactsDir, { recursive: true });
  for (const name of CONTRACT_NAMES) {
    const contract = output.contracts?.[contractSource(name)]?.[name];
    if (!contract) throw new Error(`solc produced no output for ${name} (expected ${contractSource(name)})`);
    const artifact = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    writeAtomically(artifactPath(name), `${JSON.stringify(artifact, null, 2)}\n`);
  }
  writeAtomically(hashPath, `${hash}\n`);
  try {
    keepArtifacts(machineCacheDir(), hash, artifactsDir, ARTIFACT_FILES);
  } catch (error) {
    console.warn(`The compiled contracts were not kept in ${machineCacheDir()}: ${error instanceof Error ? error.message : error}`);
  }
  return { cached: false, ms: performance.now() - started };
}
