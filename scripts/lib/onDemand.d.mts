/** Where `name`'s own install lives (its node_modules inside). */
export function onDemandDir(name: string): string;
/** The folder of one package `name`'s on-demand install holds, e.g. onDemandPackage('nextjs', 'next'). */
export function onDemandPackage(name: string, packageName: string): string;
/**
 * Installs scripts/onDemand/<name>/ (`npm ci`) unless already installed from the same files; resolves with its folder.
 * The options move its source, install and log folders (for its own test).
 */
export function ensureOnDemand(name: string, options?: { sourceDir?: string; targetDir?: string; logDir?: string }): Promise<string>;
