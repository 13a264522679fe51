import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceFile } from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { compilePackage } from './compilePackage.mjs';

const workspace = mkdtempSync(join(tmpdir(), 'compile-package-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** A package of one source file, compiled as the published build compiles (TypeScript's lib from node_modules). */
function plantPackage(name: string, source: string): string {
  const dir = join(workspace, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src/index.ts'), source);
  const compilerOptions = { target: 'ES2022', lib: ['ES2022'], module: 'ESNext', moduleResolution: 'Bundler', declaration: true, strict: true, types: [], rootDir: 'src', outDir: 'dist' };
  writeFileSync(join(dir, 'tsconfig.build.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  return join(dir, 'tsconfig.build.json');
}

describe('compilePackage with shared library files', () => {
  it("parses node_modules' declarations once for the compiles of a process, never a package's own sources, and emits the same", () => {
    const first = plantPackage('first', 'export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);');
    const second = plantPackage('second', 'export const names = new Map<string, string>([["a", "b"]]);');
    const alone = plantPackage('alone', 'export const names = new Map<string, string>([["a", "b"]]);');
    const libraryFiles = new Map<string, SourceFile>();
    expect(compilePackage(first, libraryFiles)).toBe('');
    const cached = [...libraryFiles.values()];
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.every((file) => file.fileName.includes('/node_modules/'))).toBe(true);

    expect(compilePackage(second, libraryFiles)).toBe('');
    // The second compile took the first's parsed lib files (the same objects), and added none of its own sources.
    const after = [...libraryFiles.values()];
    expect(cached.every((file, index) => after[index] === file)).toBe(true);
    expect(after.some((file) => file.fileName.includes(workspace))).toBe(false);
    // What it emitted is what a compile of its own emits.
    expect(compilePackage(alone)).toBe('');
    for (const output of ['dist/index.js', 'dist/index.d.ts']) {
      expect(readFileSync(join(workspace, 'second', output), 'utf8')).toBe(readFileSync(join(workspace, 'alone', output), 'utf8'));
    }
  });
});
