import type { Hex } from 'viem';

/** The bundler's answers the frame reads to learn which transaction carries a user operation. */
export interface BundlerReads {
  /** Alto's (and Pimlico's) `pimlico_getUserOperationStatus`: the bundle's transaction hash once submitted; undefined where the bundler has no such method. */
  submittedTransaction(hash: Hex): Promise<{ transactionHash?: Hex; failed: boolean } | undefined>;
  /** ERC-4337's receipt wait: the mined transaction's hash. */
  minedTransaction(hash: Hex): Promise<Hex>;
}

export const BundledTransactionText = {
  failed: 'The bundler dropped the user operation',
  timeout: 'The bundler did not submit the user operation in time',
} as const;

/**
 * The hash of the transaction that carries a user operation, as soon as the bundler has sent it:
 * what eth_sendTransaction answers, so Send shows it pending until the chain confirms it, as for an
 * EOA. A bundler that cannot say (no status method) is waited for until the transaction is mined.
 * A bundle the bundler replaces (higher fees) gets a new hash: the first one is the one answered,
 * and alto's status keeps naming it (seen on the devnet). The widget's Send therefore sends a smart
 * account's transfer as a wallet_sendCalls batch and follows the user operation's receipt
 * (wallet_getCallsStatus); a site's own eth_sendTransaction gets this first hash.
 */
export async function bundledTransaction(reads: BundlerReads, hash: Hex, options: { pollingMs: number; timeoutMs: number }): Promise<Hex> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const status = await reads.submittedTransaction(hash);
    if (status === undefined) return reads.minedTransaction(hash);
    if (status.transactionHash) return status.transactionHash;
    if (status.failed) throw new Error(BundledTransactionText.failed);
    if (Date.now() > deadline) throw new Error(BundledTransactionText.timeout);
    await new Promise((resolve) => setTimeout(resolve, options.pollingMs));
  }
}
