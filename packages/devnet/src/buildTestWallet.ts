import { basename, dirname, join } from 'node:path';
import { build, defaultClientConditions } from 'vite';
import { bitcoinTestWalletScriptPath, packageDir, polkadotTestExtensionScriptPath, solanaTestWalletScriptPath, testWalletScriptPath } from './paths.ts';

/** Bundles src/test-wallet/browser.ts into one self-contained IIFE, by default dist/test-wallet.js. */
export function buildTestWallet(outFile = testWalletScriptPath): Promise<{ ms: number }> {
  return bundleBrowserScript('src/test-wallet/browser.ts', 'cairnTestWalletBundle', outFile);
}

/** Bundles src/solana-wallet/browser.ts, the Wallet Standard Solana test wallet, by default dist/solana-test-wallet.js. */
export function buildSolanaTestWallet(outFile = solanaTestWalletScriptPath): Promise<{ ms: number }> {
  return bundleBrowserScript('src/solana-wallet/browser.ts', 'cairnSolanaTestWalletBundle', outFile);
}

/** Bundles src/polkadot-extension/browser.ts, the injected Polkadot test extension, by default dist/polkadot-test-extension.js. */
export function buildPolkadotTestExtension(outFile = polkadotTestExtensionScriptPath): Promise<{ ms: number }> {
  return bundleBrowserScript('src/polkadot-extension/browser.ts', 'cairnPolkadotTestExtensionBundle', outFile);
}

/** Bundles src/bitcoin-wallet/browser.ts, the WBIP004 + Wallet Standard Bitcoin test wallet, by default dist/bitcoin-test-wallet.js. */
export function buildBitcoinTestWallet(outFile = bitcoinTestWalletScriptPath): Promise<{ ms: number }> {
  return bundleBrowserScript('src/bitcoin-wallet/browser.ts', 'cairnBitcoinTestWalletBundle', outFile);
}

async function bundleBrowserScript(entry: string, name: string, outFile: string): Promise<{ ms: number }> {
  const started = performance.now();
  await build({
    configFile: false,
    logLevel: 'warn',
    root: packageDir,
    define: { 'process.env.NODE_ENV': '"production"' },
    // The Solana wallet uses @cairn/solana's encoder from its sources (the workspace has no dist of it).
    resolve: { conditions: ['@cairn/source', ...defaultClientConditions] },
    build: {
      outDir: dirname(outFile),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: join(packageDir, entry),
        formats: ['iife'],
        name,
        fileName: () => basename(outFile),
      },
    },
  });
  return { ms: performance.now() - started };
}
