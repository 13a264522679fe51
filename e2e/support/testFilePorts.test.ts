import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EPHEMERAL_PORTS_FROM } from './ports.ts';

// The unit and integration tests (and the cluster and first-run suites) start chains and servers on
// fixed ports written in their files. A port in Linux's ephemeral range may be any client socket's
// local port at that moment (session 19's CI: cairnAccount.test.ts's bundler on 38712 met "Port 38712
// is already in use"), so each stays below.
const root = new URL('../..', import.meta.url).pathname;
const SKIP = new Set(['node_modules', 'dist', '.git', '.scratch', 'artifacts']);
// A port written where a test names it: `port: 18552`, `bundler: 29712`, `{ 31337: 20545, … }`,
// `SERVER_PORT: 17787`, `const BASE_PORT = 16600`.
const PORT_LITERAL = /\b(?:\w*(?:port|Port|PORT)\w*|bundler|chain|31337|31338)\s*[:=]\s*(\d{4,5})\b/g;
const SUITE_FILE = /\.(?:test|cluster|firstrun)\.tsx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return SUITE_FILE.test(entry.name) ? [path] : [];
  });
}

export function fixedPortsOf(text: string): number[] {
  return [...text.matchAll(PORT_LITERAL)].map((match) => Number(match[1]));
}

describe('fixed ports in test files', () => {
  it('reads the ports a test names, not chain ids or other numbers', () => {
    expect(fixedPortsOf('useTestDevnet({ 31337: 20545, 31338: 20546 })')).toEqual([20545, 20546]);
    expect(fixedPortsOf("useTestSmartAccountChain({ chain: 29711, bundler: 29712 }); startDevnet({ chains: [{ chainId: 31337, port: 18552 }] })")).toEqual([29711, 29712, 18552]);
    expect(fixedPortsOf("const PORTS = { SERVER_PORT: 17787, CHAIN_PORT_31337: 17545 }; const BASE_PORT = 16600;")).toEqual([17787, 17545, 16600]);
    expect(fixedPortsOf('timeout: 30000, chainId: 31337, limit = 40000')).toEqual([]);
  });

  it("every one below Linux's ephemeral range", () => {
    const files = [...testFiles(join(root, 'packages')), ...testFiles(join(root, 'apps')), ...testFiles(join(root, 'scripts')), ...testFiles(join(root, 'bench'))];
    expect(files.length).toBeGreaterThan(100);
    const inRange = files.flatMap((file) =>
      fixedPortsOf(readFileSync(file, 'utf8'))
        .filter((port) => port >= EPHEMERAL_PORTS_FROM)
        .map((port) => `${relative(root, file)}: ${port}`),
    );
    expect(inRange).toEqual([]);
  });
});
