import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, takenPorts } from '../../scripts/lib/stack.mjs';
import { processCpuSeconds, treeCpuSeconds } from '../../scripts/lib/stepCpu.mjs';
import { E2E_DEMO_OUT_DIR, E2E_PORTS } from './ports.ts';
import { runOrThrow } from './runOrThrow.ts';
import { buildPrebuiltPages, prebuiltPagePaths, type PrebuiltPages } from './prebuiltPages.ts';
import { shardCostReport, startCostRecord } from './shardCostReport.ts';
import { fileUsesPolkadot, notePolkadotStarted } from './polkadotShard.ts';
import { filesOfThisRun } from './weightedShards.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string;
    serverUrl: string;
    /** The secure frame page (packages/frame), on its own origin; the demo may embed it. */
    frameUrl: string;
    /** The server's WalletConnect relay (on in the local stack: it serves only devnet chains). */
    relayUrl: string;
    chains: { chainId: number; url: string }[];
    /** The ERC-4337 bundlers the stack started (it also answers the paymaster's ERC-7677 calls). */
    bundlers: { chainId: number; url: string }[];
    solanaUrl: string;
    /** The local Polkadot chain's websocket RPC (chopsticks); only where a file of the run uses it (polkadotShard.ts). */
    polkadotUrl: string;
    /** The Bitcoin regtest chain's Esplora API (bcoin behind the devnet's facade). */
    bitcoinUrl: string;
    /** Farcaster's name registry (the devnet's fnames), where a test's Farcaster app registers its fid's name. */
    fnamesUrl: string;
    /** Static pages built once for the run (the frame page, the frame fixtures' sites). */
    pages: PrebuiltPages;
  }
}

/** Builds the demo for the e2e ports and starts devnet, server and the built demo once for all files. */
export default async function setup(project: TestProject) {
  const taken = await takenPorts(E2E_PORTS);
  if (taken.length > 0) {
    throw new Error(`e2e ports in use: ${taken.map((t) => `${t.port} (${t.name})`).join(', ')}. Is another test run going?`);
  }
  const env = {
    ...process.env,
    DEMO_PORT: String(E2E_PORTS.demo),
    SERVER_PORT: String(E2E_PORTS.server),
    FRAME_PORT: String(E2E_PORTS.frame),
    ...Object.fromEntries(E2E_PORTS.chains.map((c) => [`CHAIN_PORT_${c.chainId}`, String(c.port)])),
    CHAIN_PORT_SOLANA: String(E2E_PORTS.solana),
    CHAIN_PORT_POLKADOT: String(E2E_PORTS.polkadot),
    CHAIN_PORT_BITCOIN: String(E2E_PORTS.bitcoin),
  };
  // The server's default SQLite file (one per port, under .data/) outlived its run, while each run's
  // devnet starts afresh: the next run at that offset found the last one's users. Farcaster's first
  // test failed so in session 18 (the new chain gave its custody key fid 1 again, which had a user and
  // a wallet from the run before, and the frame asked to recover it). Each run starts with none.
  // (The server's defaultSqlitePath, named here: @cairn/server/testing would load its test servers into this process.)
  if (process.env.DATABASE_URL === undefined) {
    const database = resolve('.data', `cairn-${E2E_PORTS.server}.sqlite`);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${database}${suffix}`, { force: true });
  }
  // The Polkadot chain only where a file of this run uses it: the sequencer keeps those files in one
  // shard, so the other two start none (chopsticks' start: 12.9 CPU-s and 154 s at load 31, the
  // stack's dearest part, and the other parts waited for it; then its idle CPU for the whole shard).
  const polkadot = (await filesOfThisRun(project)).some(fileUsesPolkadot);
  notePolkadotStarted(polkadot);
  const ports = polkadot ? E2E_PORTS : { ...E2E_PORTS, polkadot: undefined };
  const record = startCostRecord();
  const started = performance.now();
  let builtAt = 0;
  // The demo and the static pages build while the devnet starts: the frame and the demo wait for them.
  // A failed build rejects (rather than exit), so the stack's parts that started are stopped.
  const built = Promise.all([
    // As a deployed site runs it: Vitest's NODE_ENV 'test' would build React's development code
    // (its checks and StrictMode's doubled effects), slower and not what a visitor runs.
    runOrThrow(process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'apps/demo', '--outDir', E2E_DEMO_OUT_DIR, '--logLevel', 'warn'], { env: { ...env, NODE_ENV: 'production' } }),
    buildPrebuiltPages(),
  ]).then(([, pages]) => {
    builtAt = performance.now();
    return pages;
  });
  // The suites that sign through the stack's frame drive its inline screen; frameApprovalPopup.e2e drives the approval window on a frame of its own.
  const stack = await startStack(ports, { demoMode: 'preview', demoOutDir: E2E_DEMO_OUT_DIR, framePageDir: prebuiltPagePaths().framePage, frameApprovals: 'inline', built });
  const pages = await built;
  // What each shard spends before its first test: the builds' CPU, then the stack's parts'.
  const seconds = (at: number) => ((at - started) / 1000).toFixed(1);
  const buildCpu = processCpuSeconds().children;
  const stackCpu = treeCpuSeconds(process.pid) - processCpuSeconds().self - buildCpu;
  console.log(`e2e set-up: demo and pages built at ${seconds(builtAt)} s (${buildCpu.toFixed(1)} CPU-s), stack ready at ${seconds(performance.now())} s (${stackCpu.toFixed(1)} CPU-s${polkadot ? '' : ', no Polkadot chain: no file here uses it'})`);
  project.provide('pages', pages);
  project.provide('demoUrl', stack.demoUrl);
  project.provide('serverUrl', stack.serverUrl);
  project.provide('frameUrl', stack.frameUrl);
  project.provide('relayUrl', `${stack.serverUrl.replace(/^http/, 'ws')}/relay`);
  project.provide('chains', stack.chains);
  project.provide('bundlers', stack.bundlers);
  project.provide('solanaUrl', stack.solana!.url);
  if (stack.polkadot) project.provide('polkadotUrl', stack.polkadot.url);
  project.provide('bitcoinUrl', stack.bitcoin!.url);
  project.provide('fnamesUrl', stack.fnamesUrl!);
  return async () => {
    for (const line of shardCostReport(record, (performance.now() - started) / 1000)) console.log(line);
    await stack.stop();
  };
}
