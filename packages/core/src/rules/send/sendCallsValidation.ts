/** SPEC §5: blob data limit, in bytes. */
export const BLOB_DATA_LIMIT = 761_855;

/**
 * SPEC §5: each call of `wallet_sendCalls` needs a `to` and data starting with 0x, and blobs stay
 * under the limit. Returns what is wrong, checked before the wallet is asked, or undefined.
 */
export function sendCallsError(params: unknown): string | undefined {
  const [request] = Array.isArray(params) ? params : [];
  if (typeof request !== 'object' || request === null) return 'wallet_sendCalls: params must be [{ calls: [...] }]';
  const { calls } = request as { calls?: unknown };
  if (!Array.isArray(calls) || calls.length === 0) return 'wallet_sendCalls: `calls` must list at least one call';
  for (const [index, call] of calls.entries()) {
    if (typeof call !== 'object' || call === null) return `wallet_sendCalls: call ${index} must be an object`;
    const { to, data } = call as { to?: unknown; data?: unknown };
    if (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to)) return `wallet_sendCalls: call ${index} needs a \`to\` address`;
    if (data !== undefined && (typeof data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(data))) return `wallet_sendCalls: call ${index} data must be hex starting with 0x`;
  }
  const blobs = (request as { blobs?: unknown }).blobs;
  if (blobs !== undefined) {
    if (!Array.isArray(blobs) || blobs.some((blob) => typeof blob !== 'string' || !/^0x[0-9a-fA-F]*$/.test(blob))) return 'wallet_sendCalls: blobs must be hex strings';
    const bytes = blobs.reduce((sum: number, blob: string) => sum + (blob.length - 2) / 2, 0);
    if (bytes > BLOB_DATA_LIMIT) return `wallet_sendCalls: blob data is ${bytes} bytes, above the limit of ${BLOB_DATA_LIMIT}`;
  }
  return undefined;
}
