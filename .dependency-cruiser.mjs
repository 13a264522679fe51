// The layers of ARCHITECTURE.md, kept by dependency-cruiser in `npm test` (the 'boundaries' step,
// scripts/checkBoundaries.mjs). `npx depcruise --config .dependency-cruiser.mjs packages apps
// examples e2e bench scripts` runs the same check by hand. The rules are built from the
// workspace's package.json files, so scripts/lib/checkBoundaries.test.ts can apply them to a
// planted tree.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the check reads: every workspace package, and the root's own folders. */
export const BOUNDARY_FOLDERS = ['packages', 'apps', 'examples', 'e2e', 'bench', 'scripts'];

const ADAPTERS = 'evm|solana|bitcoin|polkadot';
/** Test code: test files, and `testing/` folders (test support, never published). */
const TEST = '(\\.test\\.tsx?$)|(/testing/)';

/** An npm package by name, installed (any node_modules) or left unresolved. */
const npm = (...names) => `(^|/)node_modules/(${names.join('|')})/|^(${names.join('|')})(/|$)`;
const FRAMEWORK = `${npm('react', 'react-dom')}|^packages/(react|html)/`;
const CHAIN_LIBRARY = npm('viem', 'ethers', 'wagmi', '@wagmi/[^/]+', '@solana/[^/]+', '@polkadot/[^/]+', '@scure/btc-signer', 'bitcoinjs-lib', 'bcoin');
const PLUGIN = `${npm('@walletconnect/[^/]+', '@reown/[^/]+', '@safe-global/[^/]+', '@coinbase/[^/]+')}|^packages/(walletconnect|frame|connectors)/`;

const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

const layerRules = [
  rule('core-no-framework', 'core is framework-free: no React, no React binding', { path: '^packages/core/' }, { path: FRAMEWORK }),
  rule('core-no-chain-library', 'core knows no chain: chain libraries live in the adapters', { path: '^packages/core/' }, { path: `${CHAIN_LIBRARY}|^packages/(${ADAPTERS}|wagmi)/` }),
  rule('core-no-plugin', 'WalletConnect and the frame are plugins the site passes in; core never imports them', { path: '^packages/core/' }, { path: PLUGIN }),
  rule('core-no-server', 'core runs in the browser; its tests reach the server only through @cairn/server/testing', { path: '^packages/core/', pathNot: TEST }, { path: '^packages/server/' }),
  rule('core-no-devnet', 'the devnet is test support', { path: '^packages/core/', pathNot: TEST }, { path: '^packages/devnet/' }),
  rule('adapter-no-other-adapter', 'one adapter per namespace; adapters share only core', { path: `^packages/(${ADAPTERS})/` }, { path: `^packages/(${ADAPTERS})/`, pathNot: '^packages/$1/' }),
  rule('adapter-no-react', 'adapters serve any binding, so they know no framework', { path: `^packages/(${ADAPTERS})/` }, { path: FRAMEWORK }),
  rule('react-no-adapter', 'the React binding renders core state; chains are reached through core', { path: '^packages/react/' }, { path: `^packages/(${ADAPTERS})/|${CHAIN_LIBRARY}` }),
  rule('react-no-plugin', 'plugins are passed in by the site, never imported by the binding', { path: '^packages/react/' }, { path: PLUGIN }),
  rule('react-no-core-internal', "the React binding uses core's public API (the root, @cairn/core/rules), as any renderer could", { path: '^packages/react/' }, { path: '^packages/core/src/internal\\.ts$' }),
  rule('frame-no-server', 'the frame is a page of its own origin; it reaches the server over HTTP', { path: '^packages/frame/', pathNot: TEST }, { path: '^packages/server/' }),
  rule('frame-no-react', 'the frame page is framework-free', { path: '^packages/frame/' }, { path: FRAMEWORK }),
  rule('frame-no-devnet', 'the devnet is test support', { path: '^packages/frame/', pathNot: TEST }, { path: '^packages/devnet/' }),
  rule('server-no-devnet', 'the server serves real chains; the devnet is only its default RPC URL', { path: '^packages/server/', pathNot: TEST }, { path: '^packages/devnet/' }),
  rule('server-no-react', 'the server renders nothing', { path: '^packages/server/' }, { path: FRAMEWORK }),
];

const structureRules = [
  rule(
    'no-deep-import-across-packages',
    'a package reaches another only by its name and exports (test support: its `testing` export)',
    { path: '^((packages|apps|examples)/[^/]+)/' },
    { path: '^(packages|apps|examples|e2e|bench|scripts)/', pathNot: '^$1/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
  ),
  rule(
    'no-deep-import-into-packages',
    'the root folders (e2e, bench, scripts) reach a package only by its name and exports',
    { path: '^(e2e|bench|scripts)/' },
    { path: '^(packages|apps|examples)/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
  ),
  rule('no-import-past-package-exports', 'a @cairn/* path that no package.json "exports" entry offers', {}, { couldNotResolve: true, path: '^@cairn/' }),
  rule(
    'shipped-code-no-test-support',
    'what a package ships never imports test files or testing/ folders',
    { path: '^(packages|apps)/[^/]+/src/', pathNot: `${TEST}|^packages/devnet/` },
    { path: TEST },
  ),
  rule('no-cycle', 'modules that import each other at run time', {}, { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } }),
  // Erased at run time, so a separate rule: such a cycle tangles the code but breaks no load order.
  rule('no-type-cycle', 'modules that import each other, one of them only for types', {}, { circular: true, via: { dependencyTypes: ['type-only'] } }),
];

/** Each workspace package's folder, name and the @cairn/* packages its package.json declares. */
function workspacePackages(rootDir) {
  return ['packages', 'apps', 'examples'].flatMap((group) =>
    !existsSync(join(rootDir, group))
      ? []
      : readdirSync(join(rootDir, group))
          .map((name) => `${group}/${name}`)
          .filter((dir) => existsSync(join(rootDir, dir, 'package.json')))
          .map((dir) => {
            const manifest = JSON.parse(readFileSync(join(rootDir, dir, 'package.json'), 'utf8'));
            const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.devDependencies });
            return { dir, name: manifest.name, declared: new Set(declared) };
          }),
  );
}

/** One rule per package that leaves some @cairn/* package undeclared: importing it is forbidden. */
function declarationRules(rootDir) {
  const packages = workspacePackages(rootDir);
  return packages.flatMap(({ dir, name, declared }) => {
    const undeclared = packages.filter((other) => other.name !== name && other.name?.startsWith('@cairn/') && !declared.has(other.name));
    if (undeclared.length === 0) return [];
    const dirs = undeclared.map((other) => other.dir.replace(/[.]/g, '\\.')).join('|');
    return [rule('no-undeclared-cairn-package', `${name} imports only the @cairn/* packages its package.json declares`, { path: `^${dir}/` }, { path: `^(${dirs})/` })];
  });
}

/** The dependency-cruiser configuration for the workspace at `rootDir`. */
export function boundaryConfig(rootDir) {
  return {
    forbidden: [...layerRules, ...structureRules, ...declarationRules(rootDir)],
    options: {
      baseDir: rootDir,
      doNotFollow: { path: 'node_modules' },
      // Build output, git-ignored: bench/results/ holds the bench's page builds and anchors/ its installs.
      exclude: { path: '(^|/)(dist|dist-e2e-[^/]*|\\.next|\\.scratch)/|^bench/(results|anchors)/' },
      // Type imports count: core may not even name a React type.
      tsPreCompilationDeps: true,
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        // Inside the workspace @cairn/* resolve to their sources (no build needed), as in tsconfig.json.
        conditionNames: ['@cairn/source', 'import', 'types', 'default'],
        extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
        mainFields: ['module', 'main', 'types'],
      },
    },
  };
}

export default boundaryConfig(fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, ''));
