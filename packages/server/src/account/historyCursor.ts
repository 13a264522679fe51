/** Where a history page ends: the sort key of its last transaction (newest first). */
export type HistoryPosition = { timestamp: number; chainId: number; blockNumber: number; txIndex: number };

/**
 * The cursor is opaque to clients (base64url of the position). Because it names a position in a
 * fixed order rather than an offset, pages stay stable while new blocks arrive on top.
 */
export function encodeCursor(position: HistoryPosition): string {
  return Buffer.from(JSON.stringify([1, position.timestamp, position.chainId, position.blockNumber, position.txIndex])).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this server issued. */
export function decodeCursor(cursor: string): HistoryPosition | undefined {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parts) || parts.length !== 5 || parts[0] !== 1) return undefined;
    const [, timestamp, chainId, blockNumber, txIndex] = parts as number[];
    if (![timestamp, chainId, blockNumber, txIndex].every((n) => Number.isSafeInteger(n) && n! >= 0)) return undefined;
    return { timestamp: timestamp!, chainId: chainId!, blockNumber: blockNumber!, txIndex: txIndex! };
  } catch {
    return undefined;
  }
}
