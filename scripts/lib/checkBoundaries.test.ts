import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { IViolation } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryConfig, checkBoundaries, describeViolation } from './checkBoundaries.mjs';

// A small workspace shaped like ours, where each rule of .dependency-cruiser.mjs is broken once
// and the allowed imports are made too: the check must name each planted import, and only those.

/** The @cairn packages of the planted workspace and the @cairn packages each declares. */
const PACKAGES: Record<string, { dependencies?: string[]; devDependencies?: string[] }> = {
  // core's tests may use the server's and devnet's test support, as ours do.
  core: { devDependencies: ['server', 'devnet'] },
  react: { dependencies: ['core', 'evm', 'walletconnect'] },
  evm: { dependencies: ['core', 'solana'] },
  solana: { dependencies: ['core'] },
  frame: { dependencies: ['core'], devDependencies: ['server', 'devnet'] },
  server: { dependencies: ['core'], devDependencies: ['devnet'] },
  devnet: {},
  walletconnect: { dependencies: ['core'], devDependencies: ['server'] },
};
const NPM_PACKAGES = ['react', 'react-dom', 'viem', '@walletconnect/core'];

/** Imports the rules allow: none of these files may be reported (cycles are reported from PLANTED). */
const ALLOWED: Record<string, string> = {
  'packages/react/src/connectButton.ts': "import '@cairn/core';\nimport 'react';",
  'packages/evm/src/evmAdapter.ts': "import '@cairn/core';\nimport '@cairn/core/internal';\nimport 'viem';",
  'packages/core/src/catalogue.test.ts': "import '@cairn/server/testing';\nimport '@cairn/devnet';",
  'packages/frame/src/login.test.ts': "import '@cairn/server';\nimport '@cairn/devnet';",
  'packages/server/src/routes.ts': "import '@cairn/core';",
  'packages/server/src/routes.test.ts': "import './testing/index.ts';\nimport '@cairn/devnet';",
  'e2e/connect.e2e.ts': "import '@cairn/react';\nimport '@cairn/devnet';\nimport '../scripts/lib/stack.mjs';",
  // The other halves of the planted cycles.
  'packages/core/src/routerStore.ts': "import { reset } from './connectionStore.ts';\nexport const view = reset;",
  'packages/core/src/plugin.ts': "import type { Options } from './options.ts';\nexport type Plugin = { options?: Options };",
};

/** One planted import per rule: the rule that must name it, and the file that makes it. */
const PLANTED: { rule: string; from: string; source: string }[] = [
  { rule: 'core-no-framework', from: 'packages/core/src/viewTitle.ts', source: "import type { ReactNode } from 'react';\nexport type Title = ReactNode;" },
  { rule: 'core-no-chain-library', from: 'packages/core/src/balance.ts', source: "import 'viem';" },
  { rule: 'core-no-plugin', from: 'packages/core/src/pairing.ts', source: "import '@walletconnect/core';" },
  { rule: 'core-no-server', from: 'packages/core/src/walletList.ts', source: "import '@cairn/server';" },
  { rule: 'core-no-devnet', from: 'packages/core/src/accounts.ts', source: "import '@cairn/devnet';" },
  { rule: 'adapter-no-other-adapter', from: 'packages/evm/src/address.ts', source: "import '@cairn/solana';" },
  { rule: 'adapter-no-react', from: 'packages/evm/src/useChain.ts', source: "import 'react';" },
  { rule: 'react-no-adapter', from: 'packages/react/src/sendView.ts', source: "import '@cairn/evm';" },
  { rule: 'react-no-plugin', from: 'packages/react/src/qrView.ts', source: "import '@cairn/walletconnect';" },
  { rule: 'react-no-core-internal', from: 'packages/react/src/format.ts', source: "import '@cairn/core/internal';" },
  { rule: 'frame-no-server', from: 'packages/frame/src/otp.ts', source: "import '@cairn/server';" },
  { rule: 'frame-no-react', from: 'packages/frame/src/page.ts', source: "import 'react-dom';" },
  { rule: 'frame-no-devnet', from: 'packages/frame/src/keys.ts', source: "import '@cairn/devnet';" },
  { rule: 'server-no-devnet', from: 'packages/server/src/chains.ts', source: "import '@cairn/devnet';" },
  { rule: 'server-no-react', from: 'packages/server/src/page.ts', source: "import 'react';" },
  { rule: 'no-deep-import-across-packages', from: 'packages/walletconnect/src/client.test.ts', source: "import '../../server/src/testing/index.ts';" },
  { rule: 'no-deep-import-across-packages', from: 'packages/server/src/testing/postgres.ts', source: "import '../../../../scripts/lib/stack.mjs';" },
  { rule: 'no-deep-import-into-packages', from: 'bench/relayLoad.ts', source: "import '../packages/server/src/index.ts';" },
  { rule: 'no-import-past-package-exports', from: 'e2e/relay.e2e.ts', source: "import '@cairn/server/src/index.ts';" },
  { rule: 'shipped-code-no-test-support', from: 'packages/server/src/relay.ts', source: "import './testing/index.ts';" },
  // A cycle is reported once, from its first module.
  { rule: 'no-cycle', from: 'packages/core/src/connectionStore.ts', source: "import { view } from './routerStore.ts';\nexport const reset = () => view;" },
  { rule: 'no-type-cycle', from: 'packages/core/src/options.ts', source: "import type { Plugin } from './plugin.ts';\nexport type Options = { plugin?: Plugin };" },
  { rule: 'no-undeclared-cairn-package', from: 'packages/solana/src/connect.ts', source: "import '@cairn/walletconnect';" },
];

function writeFile(rootDir: string, path: string, content: string) {
  mkdirSync(dirname(join(rootDir, path)), { recursive: true });
  writeFileSync(join(rootDir, path), content);
}

/** The planted workspace: packages resolve by name through node_modules, as npm links them. */
function plantWorkspace(): string {
  const rootDir = mkdtempSync(join(tmpdir(), 'cairn-boundaries-'));
  writeFile(rootDir, 'package.json', JSON.stringify({ name: 'cairn', private: true, workspaces: ['packages/*'] }));
  for (const [name, { dependencies = [], devDependencies = [] }] of Object.entries(PACKAGES)) {
    const version = (names: string[]) => Object.fromEntries(names.map((dependency) => [`@cairn/${dependency}`, '0.1.0']));
    const exports = { '.': { '@cairn/source': './src/index.ts' }, './internal': { '@cairn/source': './src/internal.ts' }, './testing': { '@cairn/source': './src/testing/index.ts' } };
    writeFile(rootDir, `packages/${name}/package.json`, JSON.stringify({ name: `@cairn/${name}`, exports, dependencies: version(dependencies), devDependencies: version(devDependencies) }));
    writeFile(rootDir, `packages/${name}/src/index.ts`, `export const name = '${name}';`);
    writeFile(rootDir, `packages/${name}/src/internal.ts`, `export const shared = '${name}';`);
    writeFile(rootDir, `packages/${name}/src/testing/index.ts`, `export const testSupport = '${name}';`);
    mkdirSync(join(rootDir, 'node_modules/@cairn'), { recursive: true });
    symlinkSync(`../../packages/${name}`, join(rootDir, 'node_modules/@cairn', name));
  }
  for (const name of NPM_PACKAGES) {
    writeFile(rootDir, `node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' }));
    writeFile(rootDir, `node_modules/${name}/index.js`, 'export {};');
  }
  writeFile(rootDir, 'scripts/lib/stack.mjs', 'export {};');
  for (const [path, source] of Object.entries(ALLOWED)) writeFile(rootDir, path, source);
  for (const { from, source } of PLANTED) writeFile(rootDir, from, source);
  return rootDir;
}

describe('the boundary check', () => {
  let workspace: string;
  let found: IViolation[];
  beforeAll(async () => {
    workspace = plantWorkspace();
    found = (await checkBoundaries(workspace)).violations;
  }, 60_000);
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it.each(PLANTED)('fails $rule on $from', ({ rule, from }) => {
    expect(found.filter((violation) => violation.from === from).map((violation) => violation.rule.name)).toEqual([rule]);
  });

  it('names the planted imports and nothing else: allowed imports pass', () => {
    const reported = found.map((violation) => `${violation.rule.name} ${violation.from}`).sort();
    expect(reported).toEqual(PLANTED.map(({ rule, from }) => `${rule} ${from}`).sort());
  });

  it('has a planted import for every rule it keeps', () => {
    const rules = new Set(boundaryConfig(workspace).forbidden.map((rule) => rule.name));
    expect([...rules].sort()).toEqual([...new Set(PLANTED.map(({ rule }) => rule))].sort());
  });

  it('says which rule, which import and why', () => {
    const planted = found.find((violation) => violation.rule.name === 'core-no-server')!;
    expect(describeViolation(planted, boundaryConfig(workspace).forbidden)).toBe(
      '✖ core-no-server: packages/core/src/walletList.ts → packages/server/src/index.ts\n' +
        '    (core runs in the browser; its tests reach the server only through @cairn/server/testing)',
    );
  });
});

// Today's tree is checked by npm test's 'boundaries' step (scripts/checkBoundaries.mjs: the same
// checkBoundaries(root), failing on any violation), not again here: the same whole-repository walk
// in the unit lane cost another ~15 CPU-s and, at load 33, 136 s, past its 120 s (session 17).
