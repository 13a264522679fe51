/** Every upstream of a chain failed (timed out, refused the connection, answered 5xx or no JSON). */
export class UpstreamsDownError extends Error {
  constructor(
    readonly chain: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`No upstream of ${chain} answered`);
    this.name = 'UpstreamsDownError';
  }
}

/** A node's parsed answer, and which upstream (its place in the chain's list) gave it. */
export type UpstreamAnswer = { answer: unknown; upstream: number };

export interface UpstreamPool {
  /** How many upstreams the chain has. */
  readonly size: number;
  /**
   * Posts a JSON-RPC body to the first upstream that answers it. With `only`, to that upstream
   * alone, no failover (a node's filter lives on that node): UpstreamsDownError when it fails.
   */
  post(body: string, only?: number): Promise<UpstreamAnswer>;
}

/** How long an upstream that failed is tried only after the others. */
const RESTING_MS = 5_000;

/**
 * A chain's upstream nodes in failover order. A request goes to the first upstream that is not
 * resting; on a timeout, a refused connection, a 5xx or an answer that is not JSON, to the next
 * one (a failed upstream rests a few seconds, then is tried first again). An answer with a 4xx
 * status is still the node's answer (a JSON-RPC error body) and is passed on as it is. URLs never
 * appear in errors or logs: they may carry a provider's key. The RPC proxy and the server's own
 * reads (indexer, balances) share one pool per chain, so they rest the same failed node.
 */
export function createUpstreamPool(chain: string, urls: readonly string[], options: { timeoutMs: number; log?: (message: string) => void; now?: () => number }): UpstreamPool {
  const now = options.now ?? Date.now;
  const restingUntil = urls.map(() => 0);
  return {
    size: urls.length,
    async post(body, only) {
      const order = only !== undefined ? [only].filter((index) => index >= 0 && index < urls.length) : urls.map((_, index) => index).sort((a, b) => Number(restingUntil[a]! > now()) - Number(restingUntil[b]! > now()));
      for (const index of order) {
        try {
          const response = await fetch(urls[index]!, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(options.timeoutMs),
          });
          if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
          const answer: unknown = await response.json();
          restingUntil[index] = 0;
          return { answer, upstream: index };
        } catch (error) {
          restingUntil[index] = now() + RESTING_MS;
          options.log?.(`${chain} upstream ${index + 1} of ${urls.length} failed: ${error instanceof Error ? error.name === 'TimeoutError' ? 'timed out' : error.message : String(error)}`);
        }
      }
      throw new UpstreamsDownError(chain, Math.ceil(RESTING_MS / 1000));
    },
  };
}
