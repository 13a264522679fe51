import type { AppId } from './apps.ts';
import type { ButtonCpuResult } from './buttonCpu.ts';
import type { SizeTotals } from './bundleSizes.ts';
import type { FetchedChunk } from './fetchedBeforeClick.ts';
import type { PageRun } from './measurePage.ts';
import type { Stat } from './stats.ts';

export const CONDITIONS = [
  { id: 'cpu1x', cpuThrottle: 1, label: 'unthrottled' },
  { id: 'cpu4x', cpuThrottle: 4, label: 'CPU 4x slower' },
] as const;
export type ConditionId = (typeof CONDITIONS)[number]['id'];

export interface BundleResult {
  buildMs: number;
  initial: SizeTotals;
  lazy: SizeTotals;
  total: SizeTotals;
  initialCss: SizeTotals;
}

export interface TimingResult {
  cpuThrottle: number;
  buttonVisibleMs: Stat;
  buttonAfterWalletMs: Stat;
  clickToRowMs: Stat;
  clickInputToRowMs: Stat;
  clickToRowFrameMs: Stat;
  heapBytes: Stat;
  /** gzip bytes of the JS the page had fetched when the visitor clicked (idle prefetches included). */
  jsFetchedBeforeClickGzip: Stat;
  blockedPerLoad: Stat;
  /** Each blocked URL (query dropped) and in how many of the loads it was tried. */
  blockedUrls: Record<string, number>;
  leakedRequests: string[];
  chainRequests: number;
  pageErrors: string[];
  runs: PageRun[];
}

export interface AppResult {
  id: AppId;
  label: string;
  bundle: BundleResult;
  timing: Partial<Record<ConditionId, TimingResult>>;
  /** Cairn's pages: each JS file fetched before the click (the first unthrottled load), its size and why. */
  beforeClick?: FetchedChunk[];
}

export interface CairnChunks {
  /** What the first open costs beyond the initial JS: the modal's chunk and what it imports. */
  modal: SizeTotals | null;
  /** The core's actions (connect, balances, sign-in, catalogue), fetched on intent: what they add beyond the initial JS. */
  actions: SizeTotals | null;
  /** Bytes of the entry chunk per package, from its source map, raw and (pro rata) gzip. */
  entryComposition: { name: string; raw: number; gzipShare: number }[];
  walletConnect: WalletConnectCost;
}

/** What picking WalletConnect costs, beyond the initial JS, and whether any of it loads up front. */
export interface WalletConnectCost {
  /** The pairing flow, the protocol client and what they import that the page has not loaded. */
  chunk: SizeTotals | null;
  /** The QR encoder, fetched beside it. */
  qrEncoder: SizeTotals | null;
  /** Packages of WalletConnect's SDK found in the initial JS (should be none). */
  inInitial: string[];
}

/** One route under load (autocannon) or, for sign-in, timed one request after another. */
export interface ServerCase {
  name: string;
  path: string;
  method: 'load' | 'sequential';
  connections: number;
  durationS: number;
  requests: number;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

export interface ServerResults {
  connections: number;
  durationS: number;
  cases: ServerCase[];
  /** The cached balance's answer in bytes, which the bare Fastify floor returned (issue 29). */
  floorBytes?: number;
  backfill: {
    /** Blocks 0..headBlock. */
    blocks: number;
    headBlock: number;
    /** indexedBlock in the first /health answer (-1: none yet); the rate counts the blocks after it. */
    indexedAtFirstAnswer: number;
    /** Spawn to the first /health answer. */
    startupMs: number;
    /** First /health answer to the head indexed. */
    indexMs: number;
    blocksPerS: number;
    blocksPerSIncludingStartup: number;
  };
  ports: Record<string, number>;
}

export interface TargetCheck {
  target: string;
  measured: string;
  /** null when the thing measured does not exist yet. */
  holds: boolean | null;
}

export interface BenchResults {
  date: string;
  /** Short hash of the commit measured, with a note when packages/ or apps/ had uncommitted changes. */
  commit: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    chromium: string;
    os: string;
    /** 1-minute load average when the bench started and ended: other work on the machine skews times. */
    loadAverage: { start: number; end: number };
  };
  versions: Record<string, string>;
  runsPerApp: number;
  durationMs: number;
  apps: AppResult[];
  cairn: CairnChunks;
  /** Part 4; absent when the part was not run. */
  server?: ServerResults | null;
  /** Issue 29: main-thread CPU before the button, bare React against Cairn; absent without both pages. */
  buttonCpu?: Partial<Record<ConditionId, ButtonCpuResult>>;
  targets: TargetCheck[];
  notDone: string[];
}
