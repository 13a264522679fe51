// SPEC §8: the node's error texts, as sentences a visitor can act on. First match wins.
const NODE_ERRORS: readonly [RegExp, string][] = [
  [/execution reverted/i, 'The transaction would fail: the contract refused it.'],
  [/max fee per gas less than block base fee|fee cap (too low|less than)/i, 'The network fee offered is below what the network asks now. Try again.'],
  [/fee cap (too high|higher)|exceeds the configured cap/i, 'The network fee offered is higher than the node accepts.'],
  [/nonce too high/i, 'The wallet is ahead of the network (nonce too high). Reset the account in your wallet or wait.'],
  [/nonce too low|nonce has already been used/i, 'This transaction was already sent (nonce too low).'],
  [/nonce has max value|nonce.*max/i, 'This account cannot send more transactions (nonce at its maximum).'],
  [/insufficient funds/i, 'Not enough funds to pay for the amount and the network fee.'],
  [/intrinsic gas too low|gas too low/i, 'The gas limit is too low for this transaction.'],
  [/gas limit.*exceed|exceeds block gas limit|gas too high/i, 'The gas limit is higher than a block allows.'],
  [/transaction type not supported|unsupported transaction type/i, 'The network does not support this kind of transaction.'],
  [/tip (higher|above) than fee cap|priority fee.*(higher|above)|maxPriorityFeePerGas.*higher/i, 'The priority fee is higher than the max fee.'],
];

/** A readable sentence for a node's error, or undefined when it is none of the known ones. */
export function nodeErrorText(message: string): string | undefined {
  return NODE_ERRORS.find(([pattern]) => pattern.test(message))?.[1];
}
