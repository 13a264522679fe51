import type { SourceFile } from 'typescript';
/**
 * Emits the package of `configPath` (its tsconfig.build.json) with its texts in English; returns the errors, formatted ('' when it emitted).
 * `libraryFiles`: node_modules declarations parsed by earlier compiles of this process, shared.
 */
export function compilePackage(configPath: string, libraryFiles?: Map<string, SourceFile>): string;
