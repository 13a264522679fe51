// The server for the relay part of the bench (relayLoad.ts), in a child process: configured by the
// environment as `npm start` is (cli.ts), plus an IPC channel through which the bench reads the
// process's own memory and the relay's counters, which no HTTP route shows.
import { createServer, loadConfig } from '@cairn/server';
import type { RelayStats } from '@cairn/server/testing';

/** What the child answers to a `stats` request. */
export interface RelayServerSample {
  /** process.memoryUsage() now, in bytes. */
  memory: NodeJS.MemoryUsage;
  /** The highest heapUsed, external + arrayBuffers and rss seen since the start (sampled every 50 ms). */
  peak: { heapUsed: number; external: number; rss: number };
  relay: RelayStats;
}

export type RelayServerRequest = { type: 'stats'; collectGarbage?: boolean };

const config = loadConfig();
const app = await createServer(config);
await app.listen({ host: config.host, port: config.port });
const relay = app.relay;
if (!relay) throw new Error('relay bench server: the relay is off (RELAY_ENABLED)');

const peak = { heapUsed: 0, external: 0, rss: 0 };
const sample = () => {
  const memory = process.memoryUsage();
  peak.heapUsed = Math.max(peak.heapUsed, memory.heapUsed);
  peak.external = Math.max(peak.external, memory.external + memory.arrayBuffers);
  peak.rss = Math.max(peak.rss, memory.rss);
  return memory;
};
setInterval(sample, 50).unref();

process.on('message', (request: RelayServerRequest) => {
  if (request.type !== 'stats') return;
  if (request.collectGarbage) (globalThis as { gc?: () => void }).gc?.();
  const answer: RelayServerSample = { memory: sample(), peak: { ...peak }, relay: relay.stats() };
  process.send?.(answer);
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
process.send?.({ type: 'ready' });
