import type { FastifyBaseLogger } from 'fastify';
import { hexToNumber, numberToHex } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import type { Db } from '../db/database.ts';
import type { TokensTable } from '../db/schema.ts';
import { readTokenMetadata } from '../tokens/readTokenMetadata.ts';
import { appendBlocks, dropBlocksAbove, knownTokens, lowestStoredBlock, storedHashes, storedTip, type StoredTip } from './chainStore.ts';
import { extractBlockData } from './extractBlockData.ts';
import { fetchBlockHashes, fetchBlocks } from './fetchBlocks.ts';
import { IndexerFault } from './indexerFault.ts';
import { IndexerLease } from './indexerLease.ts';
import { DEFAULT_REORG_WINDOW } from './reorgWindow.ts';

export { DEFAULT_REORG_WINDOW };

export type IndexerOptions = {
  pollMs: number;
  log: FastifyBaseLogger;
  blocksPerRound?: number;
  /** The most stored blocks a rewind may drop (DEFAULT_REORG_WINDOW); an operator's setting. */
  reorgWindow?: number;
  /** How long a replica's hold on a chain lasts unrenewed (IndexerLease); 5 s by default. */
  leaseMs?: number;
};

export type ChainIndexStatus = {
  chainId: number;
  /** The chain's head at the last poll. */
  head: number | null;
  /** The highest block stored. */
  indexedBlock: number | null;
  lastError: string | null;
  /** Whether this replica holds the chain's lease (indexes it); the others follow what it stores. */
  leading: boolean;
};

/** What one sync step did: `more` means call again at once (still behind the head). */
type StepResult = { more: boolean };

/** Heights compared per JSON-RPC batch while looking for the last common block. */
const ANCESTOR_SEARCH_BATCH = 64;

/** A stored block the node showed with another hash: a fork, once a second round sees it too. */
type SuspectedFork = { number: number; hash: string };

const NODE_WITHOUT_BLOCK = 'the node answered null for a block at or below its head';
const NODE_BEHIND = "the node's head is below the highest indexed block";
const FORK_BEYOND_WINDOW = 'the chain forked deeper than the reorg window: not rewinding (an operator may raise INDEXER_REORG_WINDOW)';

/**
 * Follows one chain's head by polling: stores each new block's transactions and transfers, resumes
 * from the highest stored block after a restart, and on a reorg drops the orphaned blocks back to
 * the last common block, then indexes the new branch.
 *
 * Only a real fork drops data: a stored block the node has at that height with another hash, seen
 * in two rounds in a row, and no deeper than the reorg window. A node that is behind (lagging,
 * load-balanced onto a lagging backend, syncing and answering 0) or answers null is a transient
 * fault: the round stops, the index stays, the next poll tries again.
 */
export class ChainIndexer {
  private head: number | null = null;
  private indexedBlock: number | null = null;
  private lastError: string | null = null;
  private suspectedFork: SuspectedFork | null = null;
  private stopped = true;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly blocksPerRound: number;
  private readonly reorgWindow: number;
  private readonly lease: IndexerLease;
  private leading = false;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainContext,
    private readonly options: IndexerOptions,
  ) {
    this.blocksPerRound = options.blocksPerRound ?? 100;
    this.reorgWindow = options.reorgWindow ?? DEFAULT_REORG_WINDOW;
    this.lease = new IndexerLease(db, chain.config.chainId, options.leaseMs ?? DEFAULT_LEASE_MS);
  }

  get chainId(): number {
    return this.chain.config.chainId;
  }

  status(): ChainIndexStatus {
    return { chainId: this.chainId, head: this.head, indexedBlock: this.indexedBlock, lastError: this.lastError, leading: this.leading };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /**
   * Resolves true once blocks up to `block` are stored, false after `timeoutMs` (or when not
   * running). Wakes the poll rather than waiting out its interval.
   */
  async reached(block: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while ((this.indexedBlock ?? -1) < block) {
      if (this.stopped || Date.now() >= deadline) return false;
      this.wake?.();
      await new Promise((resolve) => setTimeout(resolve, REACHED_CHECK_MS));
    }
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    if (this.leading) await this.lease.release().catch(() => undefined);
    this.leading = false;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let more = false;
      try {
        this.leading = await this.lease.hold();
        // Another replica indexes this chain: follow what it stores (forced reads wait on it).
        if (this.leading) ({ more } = await this.step());
        else this.indexedBlock = (await storedTip(this.db, this.chainId))?.number ?? null;
        if (this.lastError) this.options.log.info({ chainId: this.chainId }, 'indexer recovered');
        this.lastError = null;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Log a failure once, not once per poll while the node stays down.
        if (message !== this.lastError) {
          const fault = error instanceof IndexerFault ? error : undefined;
          this.options.log[fault?.level ?? 'warn']({ chainId: this.chainId, err: message, ...fault?.details }, 'indexer step failed');
        }
        this.lastError = message;
      }
      if (!more && !this.stopped) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * One round: check the stored chain against the node's, then store the next batch of blocks.
   * Throws an IndexerFault, changing nothing, when the node cannot be trusted this round.
   */
  async step(): Promise<StepResult> {
    const tip = await storedTip(this.db, this.chainId);
    this.indexedBlock = tip?.number ?? null;
    const [headReply, tipReply] = await this.chain.rpc.batch([
      { method: 'eth_blockNumber' },
      ...(tip ? [{ method: 'eth_getBlockByNumber', params: [numberToHex(tip.number), false] }] : []),
    ]);
    const head = blockNumber(headReply);
    this.head = head;

    if (tip) {
      const check = await this.checkStoredChain(tip, head, tipReply);
      if (check === 'suspected') return { more: false }; // look again after a poll
      if (check === 'rewound') return { more: true };
    }
    const from = tip ? tip.number + 1 : this.chain.config.indexerStartBlock;
    if (from > head) return { more: false };
    const to = Math.min(head, from + this.blocksPerRound - 1);
    const fetched = await fetchBlocks(this.chain.rpc, from, to);
    if (fetched.length === 0) throw new IndexerFault(NODE_WITHOUT_BLOCK, { height: from, head });
    // The new blocks must hang off the stored tip and off each other; if not, the chain moved
    // under us between reads: the next round sees the fork at the tip.
    let parent = tip?.hash ?? null;
    const linked = fetched.filter(({ block }) => {
      const ok = parent === null || block.parentHash.toLowerCase() === parent;
      parent = ok ? block.hash.toLowerCase() : '';
      return ok;
    });
    if (linked.length === 0) return { more: false };
    const rows = extractBlockData(this.chainId, linked);
    const tokens = await this.newTokens(rows.transfers);
    const stored = await appendBlocks(this.db, this.chainId, tip, rows, tokens);
    if (stored) this.indexedBlock = rows.blocks.at(-1)!.number;
    return { more: true };
  }

  /**
   * Compares the stored chain with the node's at the highest height both have: the stored tip, or
   * the node's head when the node is behind. A null block or a head below the stored tip is a
   * transient fault (IndexerFault). Another hash is 'suspected' the first time and rewound the
   * second: one odd answer (a load balancer's other backend) must not drop anything.
   */
  private async checkStoredChain(tip: NonNullable<StoredTip>, head: number, tipReply: unknown): Promise<'same' | 'suspected' | 'rewound'> {
    const height = Math.min(head, tip.number);
    const onChain = height === tip.number ? blockHash(tipReply) : ((await fetchBlockHashes(this.chain.rpc, [height]))[0] ?? null);
    if (onChain === null) throw new IndexerFault(NODE_WITHOUT_BLOCK, { height, head });
    const stored = height === tip.number ? tip.hash : (await storedHashes(this.db, this.chainId, height, height)).get(height);
    if (stored !== undefined && stored !== onChain) {
      const seenBefore = this.suspectedFork?.number === height && this.suspectedFork.hash === stored;
      if (!seenBefore) {
        this.suspectedFork = { number: height, hash: stored };
        this.options.log.info({ chainId: this.chainId, block: height, stored, onChain }, 'indexer: a stored block differs from the node\'s; checking again');
        return 'suspected';
      }
      await this.rewind(tip, height);
      this.suspectedFork = null;
      return 'rewound';
    }
    this.suspectedFork = null;
    if (head < tip.number) throw new IndexerFault(NODE_BEHIND, { head, indexedBlock: tip.number });
    return 'same';
  }

  /** Metadata of token contracts seen for the first time in this batch. */
  private async newTokens(transfers: ReturnType<typeof extractBlockData>['transfers']): Promise<TokensTable[]> {
    const seen = new Map<string, 'erc20' | 'erc721'>();
    for (const transfer of transfers) {
      if (transfer.contract && transfer.standard !== 'native' && !seen.has(transfer.contract)) seen.set(transfer.contract, transfer.standard);
    }
    const known = await knownTokens(this.db, this.chainId, [...seen.keys()]);
    const fresh = [...seen].filter(([address]) => !known.has(address)).map(([address, standard]) => ({ address, standard }));
    if (fresh.length === 0) return [];
    const metadata = await readTokenMetadata(this.chain.rpc, fresh);
    return fresh.map(({ address, standard }, index) => ({ chain_id: this.chainId, address, standard, ...metadata[index]! }));
  }

  /**
   * Drops the blocks of a fork: finds the highest stored block below `forkedAt` that the node still
   * has, and drops everything above it. The search stays within the reorg window below the stored
   * tip; a fork deeper than that (a node on another chain, a devnet restarted, a deep reorg) is
   * refused with an error, dropping nothing, until an operator raises the window.
   */
  private async rewind(tip: NonNullable<StoredTip>, forkedAt: number): Promise<void> {
    const lowest = (await lowestStoredBlock(this.db, this.chainId)) ?? tip.number;
    const floor = tip.number - this.reorgWindow; // the lowest block the rewind may keep as the ancestor
    const bottom = Math.max(floor, lowest);
    let ancestor: number | null | undefined;
    for (let high = forkedAt - 1; ancestor === undefined && high >= bottom; high -= ANCESTOR_SEARCH_BATCH) {
      const low = Math.max(bottom, high - ANCESTOR_SEARCH_BATCH + 1);
      const heights = Array.from({ length: high - low + 1 }, (_, index) => high - index);
      const [stored, onChain] = await Promise.all([storedHashes(this.db, this.chainId, low, high), fetchBlockHashes(this.chain.rpc, heights)]);
      const missing = heights.find((_, index) => onChain[index] === null);
      if (missing !== undefined) throw new IndexerFault(NODE_WITHOUT_BLOCK, { height: missing, head: this.head });
      ancestor = heights.find((height, index) => stored.get(height) === onChain[index]);
    }
    if (ancestor === undefined) {
      if (floor >= lowest) {
        throw new IndexerFault(FORK_BEYOND_WINDOW, { indexedBlock: tip.number, forkedAt, reorgWindow: this.reorgWindow }, 'error');
      }
      ancestor = null; // every stored block is within the window and none is on the chain
    }
    const dropped = await dropBlocksAbove(this.db, this.chainId, ancestor, tip);
    if (dropped === null) return; // another server copy moved the tip meanwhile: the next round re-plans
    this.indexedBlock = ancestor;
    this.options.log.warn({ chainId: this.chainId, from: tip.number, to: ancestor, dropped }, 'reorg: dropped orphaned blocks');
  }
}

/** The node's answer to eth_blockNumber, or a fault when it is not a block number. */
function blockNumber(reply: unknown): number {
  if (typeof reply !== 'string' || !/^0x[0-9a-f]{1,14}$/i.test(reply)) {
    throw new IndexerFault('eth_blockNumber did not answer a block number', { answer: JSON.stringify(reply ?? null).slice(0, 80) });
  }
  return hexToNumber(reply as `0x${string}`);
}

/** The hash of an eth_getBlockByNumber answer, lowercase; null when the node has no such block. */
function blockHash(reply: unknown): string | null {
  const hash = typeof reply === 'object' && reply !== null ? (reply as { hash?: unknown }).hash : undefined;
  return typeof hash === 'string' ? hash.toLowerCase() : null;
}

// A forced balance read waits on this after the visitor's own transaction: it must not add much.
const REACHED_CHECK_MS = 10;
const DEFAULT_LEASE_MS = 5_000;

/** One ChainIndexer per configured chain. */
export class Indexer {
  readonly chains: Map<number, ChainIndexer>;

  constructor(db: Db, chains: Iterable<ChainContext>, options: IndexerOptions) {
    this.chains = new Map([...chains].map((chain) => [chain.config.chainId, new ChainIndexer(db, chain, options)]));
  }

  start(): void {
    for (const chain of this.chains.values()) chain.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.chains.values()].map((chain) => chain.stop()));
  }

  status(chainId: number): ChainIndexStatus | undefined {
    return this.chains.get(chainId)?.status();
  }

  /** Whether the chain's indexer has stored `block` within `timeoutMs` (false when it does not run). */
  reached(chainId: number, block: number, timeoutMs: number): Promise<boolean> {
    return this.chains.get(chainId)?.reached(block, timeoutMs) ?? Promise.resolve(false);
  }
}
