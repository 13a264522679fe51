import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS } from './lib/apps.ts';
import { buildPage } from './lib/buildPage.ts';
import { lazyChunkCost, measureBundle, type BundleSizes, type SizeTotals } from './lib/bundleSizes.ts';
import { ACTIONS_SOURCE, BITCOIN_ADAPTER_SOURCE, MODAL_SOURCE, POLKADOT_ADAPTER_SOURCE, POLKADOT_CHAIN_SOURCE, SOLANA_ADAPTER_SOURCE, SOLANA_SEND_SOURCE } from './lib/cairnChunks.ts';
import { SIZE_BUDGET } from './sizeBudget.ts';

// Builds the Cairn page exactly as `npm run bench` does (no anchors needed) into a scratch folder.
let outDir: string;
let fullOutDir: string;
let bundle: BundleSizes;
let fullBundle: BundleSizes;
let modal: SizeTotals | undefined;
let actions: SizeTotals | undefined;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'cairn-size-guard-'));
  await buildPage(APPS.cairn, outDir);
  bundle = await measureBundle(outDir);
  modal = lazyChunkCost(outDir, bundle, MODAL_SOURCE);
  actions = lazyChunkCost(outDir, bundle, ACTIONS_SOURCE);
  fullOutDir = mkdtempSync(join(tmpdir(), 'cairn-size-guard-full-'));
  await buildPage(APPS.cairnFull, fullOutDir);
  fullBundle = await measureBundle(fullOutDir);
  // Two production builds, the second bundling @polkadot/api's lazy chunk: more than the default minute on a busy machine.
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  if (fullOutDir) rmSync(fullOutDir, { recursive: true, force: true });
});

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('the Cairn one-button page stays within its size budget (bench/sizeBudget.ts)', () => {
  it('loads no more JS before any click than the budget allows', () => {
    expect(bundle.initial.gzip, `initial JS is ${kB(bundle.initial.gzip)} gzip: ${bundle.initial.files.join(', ')}`).toBeLessThanOrEqual(
      SIZE_BUDGET.initialGzip,
    );
  });

  it('keeps the modal in its own chunk, out of the initial JS', () => {
    expect(modal, `no chunk holds ${MODAL_SOURCE}`).toBeDefined();
    expect(modal!.files.some((file) => bundle.initial.files.includes(file))).toBe(false);
  });

  it("keeps the modal's first-open chunk within the budget", () => {
    expect(modal!.gzip, `modal chunk is ${kB(modal!.gzip)} gzip: ${modal!.files.join(', ')}`).toBeLessThanOrEqual(SIZE_BUDGET.modalGzip);
  });

  it("keeps the core's actions in their own chunk, out of the initial JS", () => {
    expect(actions, `no chunk holds ${ACTIONS_SOURCE}`).toBeDefined();
    expect(actions!.files.some((file) => bundle.initial.files.includes(file))).toBe(false);
  });
});

describe('the "everything on" page (bench/pages/cairnFull) stays within 110 kB gzip before the click', () => {
  it('loads no more JS before any click than the ceiling allows', () => {
    expect(fullBundle.initial.gzip, `initial JS is ${kB(fullBundle.initial.gzip)} gzip: ${fullBundle.initial.files.join(', ')}`).toBeLessThanOrEqual(
      SIZE_BUDGET.everythingOnInitialGzip,
    );
  });

  it('keeps the modal, the actions, the Solana adapter (its body and its send code) and the Bitcoin adapter body out of the initial JS', () => {
    for (const source of [MODAL_SOURCE, ACTIONS_SOURCE, SOLANA_ADAPTER_SOURCE, SOLANA_SEND_SOURCE, BITCOIN_ADAPTER_SOURCE]) {
      const chunk = lazyChunkCost(fullOutDir, fullBundle, source);
      expect(chunk, `no chunk holds ${source}`).toBeDefined();
      expect(chunk!.files.some((file) => fullBundle.initial.files.includes(file))).toBe(false);
    }
  });

  it('keeps the Polkadot adapter (its body, and @polkadot/api behind its chain code) out of the initial JS', () => {
    for (const source of [POLKADOT_ADAPTER_SOURCE, POLKADOT_CHAIN_SOURCE]) {
      const chunk = lazyChunkCost(fullOutDir, fullBundle, source);
      expect(chunk, `no chunk holds ${source}`).toBeDefined();
      expect(chunk!.files.some((file) => fullBundle.initial.files.includes(file))).toBe(false);
      console.info(`${source}: ${kB(chunk!.gzip)} gzip when first needed (${chunk!.files.length} files)`);
    }
  });
});
