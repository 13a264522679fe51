import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lazyChunkCost, readManifest, type BundleSizes, type SizeTotals } from './bundleSizes.ts';
import { chunkComposition } from './chunkComposition.ts';
import type { CairnChunks } from './results.ts';

// The page is built from the packages' dist/ (lib/buildPage.ts), so chunks are found by the
// compiled modules behind each dynamic import.

/** The module behind the modal's dynamic import (packages/react/src/modal/loadModal.ts). */
export const MODAL_SOURCE = 'packages/react/dist/modal/Modal.js';

/** Issue 29: the dynamic imports a Cairn page may fetch before the click (the next click's code only), and why. */
export const BEFORE_CLICK: Readonly<Record<string, string>> = {
  [MODAL_SOURCE]: 'the modal, prefetched when the page is idle: the click only renders it',
};

/** The module behind the core's actions chunk (packages/core/src/loadCairnActions.ts). */
export const ACTIONS_SOURCE = 'packages/core/dist/actions/cairnActions.js';

/** The module behind the EVM adapter's dynamic import: its body (the wallet calls; discovery stays in the shell). */
export const EVM_ADAPTER_SOURCE = 'packages/evm/dist/evmAdapterBody.js';

/** The modules behind the Solana adapter's dynamic imports: its body (Wallet Standard discovery) and its send code. */
export const SOLANA_ADAPTER_SOURCE = 'packages/solana/dist/walletStandardAdapter.js';
export const SOLANA_SEND_SOURCE = 'packages/solana/dist/sendSupport.js';

/** The modules behind the Polkadot adapter's dynamic imports: its body (extension discovery, signing) and its chain code (@polkadot/api). */
export const POLKADOT_ADAPTER_SOURCE = 'packages/polkadot/dist/extensionAdapter.js';
export const POLKADOT_CHAIN_SOURCE = 'packages/polkadot/dist/chain.js';
/** The module behind the Bitcoin adapter's dynamic import: its body (wallet discovery, Esplora, @scure/btc-signer). */
export const BITCOIN_ADAPTER_SOURCE = 'packages/bitcoin/dist/bitcoinAdapterBody.js';

/** The modules behind WalletConnect's dynamic imports (core's flow, the protocol client, the QR encoder). */
export const WALLET_CONNECT_FLOW_SOURCE = 'packages/core/dist/features/walletConnect/walletConnectFlow.js';
export const WALLET_CONNECT_CLIENT_SOURCE = 'packages/walletconnect/dist/createWalletConnectClient.js';
export const QR_ENCODER_SOURCE = 'packages/react/dist/components/qrPath.js';

/** The flow and the client together: files counted once. */
function walletConnectCost(buildDir: string, bundle: BundleSizes): SizeTotals | null {
  const parts = [WALLET_CONNECT_FLOW_SOURCE, WALLET_CONNECT_CLIENT_SOURCE].map((source) => lazyChunkCost(buildDir, bundle, source));
  if (parts.some((part) => part === undefined)) return null;
  const files = [...new Set(parts.flatMap((part) => part!.files))];
  return files.reduce<SizeTotals>(
    (sum, file) => {
      const size = bundle.files[file]!;
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli, files: [...sum.files, file] };
    },
    { raw: 0, gzip: 0, brotli: 0, files: [] },
  );
}

/**
 * WalletConnect SDK packages that ended up in the files the page loads before any click.
 * @cairn/walletconnect's entry (the walletConnect() option, about 1 kB) belongs there; its
 * protocol client is the dynamic import measured as the WalletConnect chunk.
 */
function walletConnectInInitial(buildDir: string, bundle: BundleSizes): string[] {
  const found = new Set<string>();
  for (const file of bundle.initial.files) {
    const path = join(buildDir, file);
    if (!existsSync(`${path}.map`)) continue;
    for (const name of chunkComposition(path).keys()) if (name.startsWith('@walletconnect/')) found.add(name);
  }
  return [...found];
}

/** Cairn's own chunks: the modal's first-open cost and what the entry chunk is made of. */
export function cairnChunks(buildDir: string, bundle: BundleSizes): CairnChunks {
  const manifest = readManifest(buildDir);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  const composition = chunkComposition(join(buildDir, entry.file));
  const entrySize = bundle.files[entry.file]!;
  const entryComposition = [...composition]
    .sort((a, b) => b[1] - a[1])
    .map(([name, raw]) => ({ name, raw, gzipShare: Math.round((raw / entrySize.raw) * entrySize.gzip) }));
  return {
    modal: lazyChunkCost(buildDir, bundle, MODAL_SOURCE) ?? null,
    actions: lazyChunkCost(buildDir, bundle, ACTIONS_SOURCE) ?? null,
    entryComposition,
    walletConnect: {
      chunk: walletConnectCost(buildDir, bundle),
      qrEncoder: lazyChunkCost(buildDir, bundle, QR_ENCODER_SOURCE) ?? null,
      inInitial: walletConnectInInitial(buildDir, bundle),
    },
  };
}
