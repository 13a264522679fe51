import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths inside packages/devnet, independent of the working directory. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const contractsDir = join(packageDir, 'contracts');
export const artifactsDir = join(packageDir, 'artifacts');
export const deploymentPath = join(packageDir, 'deployment.json');
export const testWalletScriptPath = join(packageDir, 'dist', 'test-wallet.js');
export const solanaTestWalletScriptPath = join(packageDir, 'dist', 'solana-test-wallet.js');
export const polkadotTestExtensionScriptPath = join(packageDir, 'dist', 'polkadot-test-extension.js');
export const bitcoinTestWalletScriptPath = join(packageDir, 'dist', 'bitcoin-test-wallet.js');
