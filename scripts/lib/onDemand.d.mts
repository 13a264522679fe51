/** Where `name`'s own install lives (its node_modules inside). */
export function onDemandDir(name: string): string;
/** The folder of one package `name`'s on-demand install holds, e.g. onDemandPackage('nextjs', 'next'). */
export function onDemandPackage(name: string, packageName: string): string;
/**
 * Installs scripts/onDemand/<name>/ (`npm ci`) unless already installed from the same files; resolves with its folder.
 * A finished install is kept per machine (hard links under cacheDir/on-demand/) for the next clone.
 * The options move its source, install, log and cache folders (for its own test).
 */
export function ensureOnDemand(name: string, options?: { sourceDir?: string; targetDir?: string; logDir?: string; cacheDir?: string }): Promise<string>;
/** The machine's cache of installs: CAIRN_CACHE_DIR, else $XDG_CACHE_HOME/cairn, else ~/.cache/cairn. */
export function machineCacheDir(env?: NodeJS.ProcessEnv): string;
