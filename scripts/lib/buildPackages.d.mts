export interface PublishedPackage {
  dir: string;
  manifest: { name: string; version: string; bin?: string | Record<string, string>; [field: string]: unknown };
}
export function publishedPackages(rootDir?: string): PublishedPackage[];
export function buildPackages(options?: { force?: boolean }): Promise<void>;
export const PACKAGE_BUILD_WAIT_MS: number;
