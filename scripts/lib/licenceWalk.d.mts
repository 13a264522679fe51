export const ALLOWED_LICENCES: string[];
/** Optional dependencies no published code reaches, with the reason; the walk skips them. */
export const UNREACHED_OPTIONAL_DEPENDENCIES: Map<string, string>;
export interface InstalledPackage {
  name: string;
  version: string;
  licence: string | undefined;
  dir: string;
  /** The published packages whose install brings this one in. */
  requiredBy: Set<string>;
}
export function normalizeLicence(manifest: Record<string, unknown>): string | undefined;
export function isAllowedLicence(expression: string | undefined, allowList?: string[]): boolean;
export function publishedWorkspacePackages(rootDir: string): { dir: string; manifest: { name: string; version: string } & Record<string, unknown> }[];
export function resolvePackageDir(name: string, fromDir: string): string | undefined;
export function walkRuntimeTree(rootDir: string): { packages: InstalledPackage[]; missing: { name: string; requiredBy: string }[] };
export function licenceFailures(packages: InstalledPackage[], allowList?: string[]): InstalledPackage[];
export function devOnlyLicences(rootDir: string, runtimeDirs: Set<string>): Map<string, string[]>;
export function thirdPartyNotices(packageName: string, packages: InstalledPackage[]): string;
