/** Emits the package of `configPath` (its tsconfig.build.json) with its texts in English; returns the errors, formatted ('' when it emitted). */
export function compilePackage(configPath: string): string;
