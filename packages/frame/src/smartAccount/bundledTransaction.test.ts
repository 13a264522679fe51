import { describe, expect, it } from 'vitest';
import { BundledTransactionText, bundledTransaction, type BundlerReads } from './bundledTransaction.ts';

const OP = `0x${'11'.repeat(32)}` as const;
const TX = `0x${'22'.repeat(32)}` as const;
const MINED = `0x${'33'.repeat(32)}` as const;
const options = { pollingMs: 1, timeoutMs: 1_000 };

/** A bundler whose status answers are `statuses`, one per read (the last repeats). */
function bundler(statuses: Awaited<ReturnType<BundlerReads['submittedTransaction']>>[]): BundlerReads & { reads: number } {
  const reads = {
    reads: 0,
    async submittedTransaction() {
      return statuses[Math.min(reads.reads++, statuses.length - 1)];
    },
    async minedTransaction() {
      return MINED;
    },
  };
  return reads;
}

describe('the transaction that carries a user operation', () => {
  it('is answered once the bundler has submitted it, before it is mined', async () => {
    const reads = bundler([{ failed: false }, { failed: false }, { transactionHash: TX, failed: false }]);
    expect(await bundledTransaction(reads, OP, options)).toBe(TX);
    expect(reads.reads).toBe(3);
  });

  it('is the mined one where the bundler has no status method', async () => {
    expect(await bundledTransaction(bundler([undefined]), OP, options)).toBe(MINED);
  });

  it('fails when the bundler drops the operation, or never submits it', async () => {
    await expect(bundledTransaction(bundler([{ failed: false }, { failed: true }]), OP, options)).rejects.toThrow(BundledTransactionText.failed);
    await expect(bundledTransaction(bundler([{ failed: false }]), OP, { pollingMs: 1, timeoutMs: 20 })).rejects.toThrow(BundledTransactionText.timeout);
  });
});
