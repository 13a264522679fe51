import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// The same lookup as @foundry-rs/anvil's own bin.mjs: the binary ships in a per-platform package.
const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
};

/** Absolute path of the Anvil binary installed by the @foundry-rs/anvil npm package. */
export function anvilBinaryPath(): string {
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!platformPackage) throw new Error(`Anvil has no npm binary for ${process.platform}-${process.arch}`);
  let path: string;
  try {
    path = require.resolve(`${platformPackage}/bin/anvil`);
  } catch {
    throw new Error(`${platformPackage} is not installed; run npm install (it is an optional dependency of @foundry-rs/anvil)`);
  }
  if (!existsSync(path)) throw new Error(`Anvil binary missing at ${path}`);
  return path;
}
