import { percentile } from './stats.ts';

export interface LoopResult {
  requests: number;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, or not JSON-RPC results. */
  failures: number;
}

/**
 * A closed-loop load of our own (autocannon is installed only by the bench's server part): each of
 * `connections` workers posts `body` to `url`, waits for the whole answer, and posts again, for
 * `durationMs`. Latency is from the send to the last byte.
 */
export async function closedLoop(url: string, body: string, connections: number, durationMs: number): Promise<LoopResult> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await response.text();
      latencies.push(performance.now() - sent);
      if (!response.ok || !text.includes('"result"')) failures++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, reqPerS: latencies.length / elapsedS, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), failures };
}
