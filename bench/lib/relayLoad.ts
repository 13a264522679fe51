// The relay under abuse, on loopback: a publish flood from many addresses and keys, then readers
// that stop reading, each against a fresh server with the relay's default limits, while pairs of
// honest clients keep talking. Run alone: `node --conditions=@cairn/source --import tsx
// bench/lib/relayLoad.ts` (writes bench/results/relay.json). Clients at several addresses need
// Linux (all of 127/8 answers).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_RELAY_LIMITS, RawRelayClient } from '@cairn/server/testing';
import { waitFor } from './benchServer.ts';
import { repoRoot, resultsDir } from './paths.ts';
import type { RelayServerRequest, RelayServerSample } from './relayBenchServer.ts';
import { honestPairs, type HonestTraffic } from './relayHonestPairs.ts';
import { stopChild } from './stopChild.ts';

/** Apart from the server part's ports (26545, 26787, 26788). */
export const RELAY_BENCH_PORT = 26790;
/** The server's V8 heap limit: the flood must fit in it with room to spare. */
export const RELAY_BENCH_HEAP_LIMIT_MB = 512;
// Variables of the caller's environment that configure the server: none of them reaches it.
const SERVER_SETTINGS = /^(RPC_URL_|CHAIN_PORT_|SERVER_|DATABASE_URL|PROJECT_IDS|SIWX_|INDEXER_|LOG_LEVEL|CORS_|EXTRA_WALLETS|RELAY_|RATE_LIMIT_|NONCE_|TRUST_PROXY|FORCED_REFRESH)/;
const MB = 1024 * 1024;
const THIRTY_DAYS = 30 * 24 * 3600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newTopic = () => randomBytes(32).toString('hex');
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * How long a sample may take: the server answers between the flood's batches, and a forced
 * collection of its heap on 2 busy cores took more than 10 s once (the whole bench then ended).
 */
const SAMPLE_TIMEOUT_MS = 60_000;
/** A sample of the watch every 250 ms: one that has not come by then is skipped, not waited for. */
const WATCH_SAMPLE_TIMEOUT_MS = 5_000;

interface RelayBenchServer {
  url: string;
  sample(collectGarbage?: boolean, timeoutMs?: number): Promise<RelayServerSample>;
  stop(): Promise<void>;
}

/** The server (relay on, no indexer) in a child process with `--max-old-space-size`, answering samples over IPC. */
async function startRelayBenchServer(databaseFile: string): Promise<RelayBenchServer> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SERVER_SETTINGS.test(key)));
  const child: ChildProcess = fork(join(repoRoot, 'bench/lib/relayBenchServer.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--expose-gc', `--max-old-space-size=${RELAY_BENCH_HEAP_LIMIT_MB}`, '--conditions=@cairn/source', '--import', 'tsx'],
    env: {
      ...env,
      NODE_ENV: 'production',
      SERVER_PORT: String(RELAY_BENCH_PORT),
      DATABASE_URL: `sqlite:${databaseFile}`,
      RPC_URL_31337: 'http://127.0.0.1:9',
      INDEXER_ENABLED: 'false',
      RELAY_ENABLED: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const messages: unknown[] = [];
  child.on('message', (message) => messages.push(message));
  await waitFor('relay bench server ready', async () => (messages.some((m) => (m as { type?: string }).type === 'ready') ? true : undefined), child, 60_000);
  let queue = Promise.resolve();
  const sample = (collectGarbage = false, timeoutMs = SAMPLE_TIMEOUT_MS) => {
    const answer = queue.then(async () => {
      const before = messages.length;
      child.send({ type: 'stats', collectGarbage } satisfies RelayServerRequest);
      return waitFor('a sample from the relay bench server', async () => messages.slice(before).find((m) => 'relay' in (m as object)) as RelayServerSample | undefined, child, timeoutMs);
    });
    queue = answer.then(() => undefined, () => undefined);
    return answer;
  };
  return { url: `ws://127.0.0.1:${RELAY_BENCH_PORT}/relay`, sample, stop: () => stopChild(child) };
}

/**
 * Peaks of the server's samples taken every 250 ms while a phase runs. A sample the loaded server
 * does not answer in time is skipped (and counted), not a failure of the phase: the phase's own
 * figures come from the samples at its start and end.
 */
function watch(server: RelayBenchServer) {
  let last: RelayServerSample | undefined;
  const peak = { sendBufferBytes: 0, pausedConnections: 0, storedBytes: 0 };
  let stopped = false;
  let missed = 0;
  const done = (async () => {
    while (!stopped) {
      const next = await server.sample(false, WATCH_SAMPLE_TIMEOUT_MS).catch((error: unknown) => {
        if (/server exited/.test(String(error))) throw error;
        missed += 1;
        return undefined;
      });
      if (next) {
        last = next;
        peak.sendBufferBytes = Math.max(peak.sendBufferBytes, next.relay.sendBufferBytes);
        peak.pausedConnections = Math.max(peak.pausedConnections, next.relay.pausedConnections);
        peak.storedBytes = Math.max(peak.storedBytes, next.relay.storedBytes);
      }
      await sleep(250);
    }
  })();
  return {
    peak,
    missedSamples: () => missed,
    latest: () => last,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** What the server process held: peaks while the phase ran, and its heap after a full GC at the end. */
export interface ServerMemory {
  heapUsedPeakMb: number;
  heapUsedAfterGcMb: number;
  /** Buffers outside the V8 heap (sockets' send buffers among them). */
  externalPeakMb: number;
  rssPeakMb: number;
}

function serverMemory(end: RelayServerSample): ServerMemory {
  return {
    heapUsedPeakMb: mb(end.peak.heapUsed),
    heapUsedAfterGcMb: mb(end.memory.heapUsed),
    externalPeakMb: mb(end.peak.external),
    rssPeakMb: mb(end.peak.rss),
  };
}

export interface RelayFloodResult {
  seconds: number;
  addresses: number;
  keysPerAddress: number;
  /** Flood batches answered, by outcome (a refused batch may have stored its first messages). */
  batches: Record<string, number>;
  idleHeapMb: number;
  server: ServerMemory;
  mailbox: { storedMbPeak: number; storedMbEnd: number; storedMessagesEnd: number; evictedMessages: number };
  honest: HonestTraffic;
  /** Samples of the 250 ms watch the busy server did not answer within 5 s (its peaks may miss those moments). */
  watchSamplesMissed: number;
}

const outcome = (message: string | undefined) =>
  message === undefined
    ? 'stored'
    : /^Too many publishes/.test(message)
      ? 'refused: rate'
      : /this client's stored messages/.test(message)
        ? 'refused: client quota'
        : /address reached/.test(message)
          ? 'refused: address quota'
          : /as many messages as it can/.test(message)
            ? 'refused: mailbox full (the heaviest address)'
            : `other: ${message.slice(0, 60)}`;

/**
 * `addresses` × `keysPerAddress` flooders publish for `seconds` as fast as they are answered, to
 * fresh topics with a 30-day TTL: half of the keys 64 KiB messages in batches of 12 (under the 1 MiB frame), half
 * one-character messages in batches of 100 (nearly all overhead). Ten honest pairs talk meanwhile.
 */
export async function measureFlood(databaseFile: string, { seconds = 20, addresses = 16, keysPerAddress = 10 } = {}): Promise<RelayFloodResult> {
  const server = await startRelayBenchServer(databaseFile);
  try {
    const idle = await server.sample(true);
    const honest = await honestPairs(server.url, 10);
    const flooders = await Promise.all(
      Array.from({ length: addresses * keysPerAddress }, (_, i) => RawRelayClient.connect(server.url, { localAddress: `127.0.1.${1 + (i % addresses)}` })),
    );
    const watcher = watch(server);
    const batches: Record<string, number> = {};
    const until = performance.now() + seconds * 1000;
    const big = 'x'.repeat(64 * 1024);
    await Promise.all(
      flooders.map(async (flooder, i) => {
        const [size, count] = i % 2 === 0 ? [big, 12] : ['x', 100];
        while (performance.now() < until) {
          const messages = Array.from({ length: count }, () => ({ topic: newTopic(), message: size, ttl: THIRTY_DAYS, tag: 1100 }));
          const answer = await flooder.call('irn_batchPublish', { messages }).catch(() => ({ error: { message: 'no answer within 5 s' } }));
          const kind = outcome(answer.error?.message);
          batches[kind] = (batches[kind] ?? 0) + 1;
          // Refused: try again a moment later, as a flooder keeps pushing.
          if (answer.error) await sleep(100);
        }
      }),
    );
    const traffic = await honest.finish();
    await watcher.stop();
    await Promise.all(flooders.map((flooder) => flooder.close()));
    const end = await server.sample(true);
    return {
      seconds,
      addresses,
      keysPerAddress,
      batches,
      idleHeapMb: mb(idle.memory.heapUsed),
      server: serverMemory(end),
      mailbox: { storedMbPeak: mb(watcher.peak.storedBytes), storedMbEnd: mb(end.relay.storedBytes), storedMessagesEnd: end.relay.storedMessages, evictedMessages: end.relay.evictedMessages },
      honest: traffic,
      watchSamplesMissed: watcher.missedSamples(),
    };
  } finally {
    await server.stop();
  }
}

export interface RelaySlowReadersResult {
  readers: number;
  backlogMb: number;
  /** From the readers' subscribe to the relay closing the last of them (they send a pong a second and read nothing). */
  allDroppedAfterS: number | null;
  pausedConnectionsPeak: number;
  sendBufferMbPeak: number;
  idleHeapMb: number;
  server: ServerMemory;
  honest: HonestTraffic;
  /** Samples of the 250 ms watch the busy server did not answer within 5 s. */
  watchSamplesMissed: number;
}

/**
 * A topic holding `backlogMb` (256 KiB messages), `readers` clients from 10 addresses that
 * subscribe to it and never read, sending an unsolicited pong every second; ten honest pairs talk
 * until the relay has dropped every reader (its ping every 10 s goes unanswered), or 40 s.
 */
export async function measureSlowReaders(databaseFile: string, { readers = 40, backlogMb = 8 } = {}): Promise<RelaySlowReadersResult> {
  const server = await startRelayBenchServer(databaseFile);
  try {
    const idle = await server.sample(true);
    const topic = newTopic();
    const message = 'y'.repeat(256 * 1024);
    const backlogMessages = Math.round((backlogMb * MB) / message.length);
    // A client may hold 2 MiB: the backlog comes from several keys of one address.
    const perKey = Math.floor(DEFAULT_RELAY_LIMITS.maxStoredBytesPerClient / (message.length + DEFAULT_RELAY_LIMITS.messageOverheadBytes)) - 1;
    for (let published = 0; published < backlogMessages; published += perKey) {
      const publisher = await RawRelayClient.connect(server.url, { localAddress: '127.0.3.1' });
      const count = Math.min(perKey, backlogMessages - published);
      for (let i = 0; i < count; i++) {
        const answer = await publisher.call('irn_publish', { topic, message: `${String(published + i).padStart(8, '0')}${message.slice(8)}`, ttl: 3600, tag: 1100 });
        if (answer.error) throw new Error(`backlog publish refused: ${answer.error.message}`);
      }
      await publisher.close();
    }
    const honest = await honestPairs(server.url, 10);
    const stalled = await Promise.all(Array.from({ length: readers }, (_, i) => RawRelayClient.connect(server.url, { localAddress: `127.0.2.${1 + (i % 10)}`, autoPong: false })));
    const watcher = watch(server);
    const pongs = setInterval(() => {
      for (const reader of stalled) if (reader.socket.readyState === reader.socket.OPEN) reader.socket.pong(randomBytes(8));
    }, 1000);
    const subscribed = performance.now();
    for (const reader of stalled) {
      reader.stopReading();
      reader.send('irn_subscribe', { topic });
    }
    let allDroppedAfterS: number | null = null;
    const honestConnections = 20;
    const deadline = subscribed + 40_000;
    while (performance.now() < deadline) {
      const latest = watcher.latest();
      if (latest && latest.relay.connections <= honestConnections && performance.now() - subscribed > 1000) {
        allDroppedAfterS = Math.round((performance.now() - subscribed) / 100) / 10;
        break;
      }
      await sleep(100);
    }
    clearInterval(pongs);
    const traffic = await honest.finish();
    await watcher.stop();
    for (const reader of stalled) reader.socket.terminate();
    const end = await server.sample(true);
    return {
      readers,
      backlogMb,
      allDroppedAfterS,
      pausedConnectionsPeak: watcher.peak.pausedConnections,
      sendBufferMbPeak: mb(watcher.peak.sendBufferBytes),
      idleHeapMb: mb(idle.memory.heapUsed),
      server: serverMemory(end),
      honest: traffic,
      watchSamplesMissed: watcher.missedSamples(),
    };
  } finally {
    await server.stop();
  }
}

export interface RelayResults {
  heapLimitMb: number;
  limits: { maxStoredMb: number; perClientMb: number; perAddressMb: number; sendPauseKb: number; maxSendBufferMb: number; publishesPerSecond: number; publishBurst: number };
  flood: RelayFloodResult;
  slowReaders: RelaySlowReadersResult;
}

/** Both phases, each against a fresh server. */
export async function measureRelay(log: (line: string) => void = console.log): Promise<RelayResults> {
  const dataDir = join(resultsDir, 'relay');
  mkdirSync(dataDir, { recursive: true });
  const limits = DEFAULT_RELAY_LIMITS;
  log('relay: publish flood, 16 addresses × 10 keys for 20 s, 10 honest pairs talking');
  const flood = await measureFlood(join(dataDir, 'flood.sqlite'));
  log(`relay: flood: heap peak ${flood.server.heapUsedPeakMb} MB (limit ${RELAY_BENCH_HEAP_LIMIT_MB}), mailbox ${flood.mailbox.storedMbPeak} MB charged at most, honest p99 ${flood.honest.p99Ms} ms`);
  log('relay: 40 readers that stop reading an 8 MB backlog, 10 honest pairs talking');
  const slowReaders = await measureSlowReaders(join(dataDir, 'slow-readers.sqlite'));
  log(`relay: slow readers: all dropped after ${slowReaders.allDroppedAfterS} s, send buffers ${slowReaders.sendBufferMbPeak} MB at most, honest p99 ${slowReaders.honest.p99Ms} ms`);
  return {
    heapLimitMb: RELAY_BENCH_HEAP_LIMIT_MB,
    limits: {
      maxStoredMb: mb(limits.maxStoredBytes),
      perClientMb: mb(limits.maxStoredBytesPerClient),
      perAddressMb: mb(limits.maxStoredBytesPerIp),
      sendPauseKb: limits.sendPauseBytes / 1024,
      maxSendBufferMb: mb(limits.maxSendBufferBytes),
      publishesPerSecond: limits.publishesPerSecond,
      publishBurst: limits.publishBurst,
    },
    flood,
    slowReaders,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await measureRelay();
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'relay.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  process.exit(0);
}

/** The relay part's section of the bench report. */
export function relayReport(results: RelayResults): string {
  const { flood, slowReaders, limits } = results;
  const honest = (traffic: HonestTraffic) =>
    `${traffic.published} published, ${traffic.refused} refused, ${traffic.delivered} delivered; p50 ${traffic.p50Ms} ms, p99 ${traffic.p99Ms} ms`;
  return [
    '## Relay under abuse (issue 12)',
    '',
    `Default limits (${limits.maxStoredMb} MiB stored, ${limits.perClientMb} MiB per client, ${limits.perAddressMb} MiB per address, ${limits.publishesPerSecond} publishes/s after a burst of ${limits.publishBurst}; pushes pause at ${limits.sendPauseKb} KiB unsent, close past ${limits.maxSendBufferMb} MiB), a fresh server per phase with its heap capped at ${results.heapLimitMb} MB, ten honest pairs talking throughout.`,
    '',
    '| phase | server heap, peak | honest traffic | other |',
    '| --- | --- | --- | --- |',
    `| publish flood: ${flood.addresses} addresses × ${flood.keysPerAddress} keys for ${flood.seconds} s | ${flood.server.heapUsedPeakMb} MB (idle ${flood.idleHeapMb} MB) | ${honest(flood.honest)} | mailbox charged ${flood.mailbox.storedMbPeak} MB at most, ${flood.mailbox.evictedMessages} flood messages evicted; batches: ${Object.entries(flood.batches).map(([name, count]) => `${name} ${count}`).join(', ')} |`,
    `| ${slowReaders.readers} readers that stop reading a ${slowReaders.backlogMb} MB topic | ${slowReaders.server.heapUsedPeakMb} MB (idle ${slowReaders.idleHeapMb} MB) | ${honest(slowReaders.honest)} | ${slowReaders.pausedConnectionsPeak} paused at peak, send buffers ${slowReaders.sendBufferMbPeak} MB at most, all dropped after ${slowReaders.allDroppedAfterS ?? '(not within the phase)'} s |`,
    '',
  ].join('\n');
}
