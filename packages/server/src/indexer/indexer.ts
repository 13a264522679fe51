import type { FastifyBaseLogger } from 'fastify';
import { hexToNumber, type Hex } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import type { Db } from '../db/database.ts';
import type { TokensTable } from '../db/schema.ts';
import { readTokenMetadata } from '../tokens/readTokenMetadata.ts';
import { appendBlocks, dropBlocksAbove, knownTokens, storedHashes, storedTip, type StoredTip } from './chainStore.ts';
import { extractBlockData } from './extractBlockData.ts';
import { fetchBlockHashes, fetchBlocks } from './fetchBlocks.ts';

export type IndexerOptions = { pollMs: number; log: FastifyBaseLogger; blocksPerRound?: number };

export type ChainIndexStatus = {
  chainId: number;
  /** The chain's head at the last poll. */
  head: number | null;
  /** The highest block stored. */
  indexedBlock: number | null;
  lastError: string | null;
};

/** What one sync step did: `more` means call again at once (still behind the head). */
type StepResult = { more: boolean };

const REORG_WINDOW = 64;

/**
 * Follows one chain's head by polling: stores each new block's transactions and transfers, resumes
 * from the highest stored block after a restart, and on a reorg (a stored hash no longer on the
 * chain) drops the orphaned blocks back to the last common block, then indexes the new branch.
 */
export class ChainIndexer {
  private head: number | null = null;
  private indexedBlock: number | null = null;
  private lastError: string | null = null;
  private stopped = true;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly blocksPerRound: number;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainContext,
    private readonly options: IndexerOptions,
  ) {
    this.blocksPerRound = options.blocksPerRound ?? 100;
  }

  get chainId(): number {
    return this.chain.config.chainId;
  }

  status(): ChainIndexStatus {
    return { chainId: this.chainId, head: this.head, indexedBlock: this.indexedBlock, lastError: this.lastError };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let more = false;
      try {
        ({ more } = await this.step());
        if (this.lastError) this.options.log.info({ chainId: this.chainId }, 'indexer recovered');
        this.lastError = null;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Log a failure once, not once per poll while the node stays down.
        if (message !== this.lastError) this.options.log.warn({ chainId: this.chainId, err: message }, 'indexer step failed');
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

  /** One round: check the stored tip is still on the chain, then store the next batch of blocks. */
  async step(): Promise<StepResult> {
    const tip = await storedTip(this.db, this.chainId);
    this.indexedBlock = tip?.number ?? null;
    const [headHex, tipOnChain] = (await this.chain.rpc.batch([
      { method: 'eth_blockNumber' },
      ...(tip ? [{ method: 'eth_getBlockByNumber', params: [`0x${tip.number.toString(16)}`, false] }] : []),
    ])) as [Hex, { hash: Hex } | null | undefined];
    const head = hexToNumber(headHex);
    this.head = head;

    if (tip && tipOnChain?.hash.toLowerCase() !== tip.hash) {
      await this.rewind(tip, head);
      return { more: true };
    }
    const from = tip ? tip.number + 1 : this.chain.config.indexerStartBlock;
    if (from > head) return { more: false };
    const to = Math.min(head, from + this.blocksPerRound - 1);
    const fetched = await fetchBlocks(this.chain.rpc, from, to);
    // The new blocks must hang off the stored tip and off each other; if not, the chain moved
    // under us between reads: the next round sees the reorg at the tip.
    let parent = tip?.hash ?? null;
    const linked = fetched.filter(({ block }) => {
      const ok = parent === null || block.parentHash.toLowerCase() === parent;
      parent = ok ? block.hash.toLowerCase() : '';
      return ok;
    });
    if (linked.length === 0) return { more: true };
    const rows = extractBlockData(this.chainId, linked);
    const tokens = await this.newTokens(rows.transfers);
    const stored = await appendBlocks(this.db, this.chainId, tip, rows, tokens);
    if (stored) this.indexedBlock = rows.blocks.at(-1)!.number;
    return { more: true };
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

  /** Finds the highest stored block that is still on the chain and drops everything above it. */
  private async rewind(tip: NonNullable<StoredTip>, head: number): Promise<void> {
    let high = Math.min(tip.number, head);
    let ancestor: number | null = null;
    const lowest = this.chain.config.indexerStartBlock;
    search: while (high >= lowest) {
      const low = Math.max(lowest, high - REORG_WINDOW + 1);
      const heights = Array.from({ length: high - low + 1 }, (_, index) => high - index);
      const [stored, onChain] = await Promise.all([storedHashes(this.db, this.chainId, low, high), fetchBlockHashes(this.chain.rpc, heights)]);
      for (const [index, height] of heights.entries()) {
        const hash = stored.get(height);
        if (hash !== undefined && hash === onChain[index]) {
          ancestor = height;
          break search;
        }
      }
      high = low - 1;
    }
    const dropped = await dropBlocksAbove(this.db, this.chainId, ancestor);
    this.indexedBlock = ancestor;
    this.options.log.warn({ chainId: this.chainId, from: tip.number, to: ancestor, dropped }, 'reorg: dropped orphaned blocks');
  }
}

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
}
