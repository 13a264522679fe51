/** Where prebuild-install would look for `packageDir`'s binary in npm's cache, and where that binary is built. */
export function prebuildCacheEntry(packageDir: string, binaryPath: string): { cached: string; built: string };
/** Keeps a freshly compiled native binary in npm's prebuild cache; returns the cache file when it wrote one. */
export function keepCompiledBinary(packageDir: string, binaryPath: string): string | undefined;
