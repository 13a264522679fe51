import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RelayBus, RelayEvent } from '../relay/relayBus.ts';
import type { SharedState } from './sharedState.ts';

const STREAM = 'cairn:relay';
/** How long one read waits for new events before asking again. */
const BLOCK_MS = 5_000;
const READ_BATCH = 500;
/** Pause before reading or writing again after a failed read or write (Redis down). */
const RETRY_MS = 250;
/** Events written to the stream in one round trip. */
const WRITE_BATCH = 100;
/** The longest current() waits for the reader to reach the stream's end (then the mailbox is served as it is). */
export const CATCH_UP_MAX_MS = 2_000;

type StreamReply = [stream: string, entries: [id: string, fields: string[]][]][] | null;

/** Whether stream entry id `a` (`<ms>-<seq>`) comes at or after `b`. */
function atOrAfter(a: string, b: string): boolean {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs > bMs || (aMs === bMs && aSeq >= bSeq);
}

/**
 * The relays' events in one Redis stream, which every replica reads in order from its start: a
 * replica applies each other replica's publish and acknowledgement once, and one that starts (or
 * restarts) later first replays what the stream still keeps, so it holds the same messages as the
 * others. The stream keeps about `kept.events` (the relay's message bound, plus their
 * acknowledgements); expired messages in it are skipped on replay.
 *
 * Events are written in order, a batch per round trip. While Redis is down a replica's relay
 * serves its own clients, and what they publish and acknowledge meanwhile waits here (at most
 * `kept.events`, the most the stream would keep anyway, and `kept.bytes`, the relay's bound of
 * stored messages) and is written once Redis answers again:
 * a subscriber on another replica then gets it, nothing lost. Past that bound a publish is
 * refused (the client publishes again later) and an acknowledgement is not shared (at worst a
 * message is delivered again, which clients drop as a duplicate).
 */
export function redisRelayBus(shared: Pick<SharedState, 'commands' | 'connection'>, kept: { events: number; bytes: number }, log: { warn(details: object, message: string): void; info(details: object, message: string): void }): RelayBus {
  const origin = randomUUID();
  const reader = shared.connection('relay reader', { commandTimeout: BLOCK_MS * 2 });
  let running = false;
  let stopped = false;
  let lastId = '0';
  // One warning per outage, not one per message.
  let sharing = true;
  // current()'s callers, each waiting for the reader to pass a stream id.
  let waiters: { id: string; resolve: () => void }[] = [];
  const wake = () => {
    waiters = waiters.filter((waiter) => (atOrAfter(lastId, waiter.id) ? void waiter.resolve() : true));
  };

  async function follow(apply: (event: RelayEvent) => void): Promise<void> {
    await reader.connect().catch(() => undefined);
    while (running) {
      let reply: StreamReply;
      try {
        reply = (await reader.xread('COUNT', READ_BATCH, 'BLOCK', BLOCK_MS, 'STREAMS', STREAM, lastId)) as StreamReply;
      } catch {
        if (running) await sleep(RETRY_MS);
        continue;
      }
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          lastId = id;
          const event = parseEvent(fields[1]);
          if (event && event.origin !== origin) apply(event.event);
        }
      }
      if (waiters.length > 0) wake();
    }
  }

  const unshared: string[] = [];
  // The waiting events' size, in string length (what their strings hold, about).
  let unsharedSize = 0;
  let writing = false;

  /** Writes what waits, oldest first, until nothing does (or the bus stops); retries while Redis is down. */
  async function write(): Promise<void> {
    writing = true;
    while (unshared.length > 0 && !stopped) {
      const batch = unshared.slice(0, WRITE_BATCH);
      const pipeline = shared.commands.pipeline();
      for (const entry of batch) pipeline.xadd(STREAM, 'MAXLEN', '~', kept.events, '*', 'e', entry);
      const results = await pipeline.exec().catch((error: Error) => batch.map(() => [error, null] as const));
      // Entries written up to the first failure leave the queue; the rest are written again, in order.
      const written = results?.findIndex(([error]) => error !== null) ?? 0;
      for (const entry of unshared.splice(0, written === -1 ? batch.length : written)) unsharedSize -= entry.length;
      if (written === -1) {
        if (!sharing) log.info({ waiting: unshared.length }, 'relay events shared with the other replicas again');
        sharing = true;
        continue;
      }
      if (sharing) log.warn({ err: String(results?.[written]?.[0]), waiting: unshared.length }, 'relay events wait for Redis to share them with the other replicas');
      sharing = false;
      await sleep(RETRY_MS);
    }
    writing = false;
  }

  return {
    get accepting() {
      return unshared.length < kept.events && unsharedSize < kept.bytes;
    },
    share(event) {
      if (!this.accepting) return false;
      const entry = JSON.stringify({ origin, event });
      unshared.push(entry);
      unsharedSize += entry.length;
      if (!writing) void write();
      return true;
    },
    start(apply) {
      running = true;
      void follow(apply);
    },
    current() {
      return shared.commands.xrevrange(STREAM, '+', '-', 'COUNT', 1).then(
        (entries) => {
          const end = entries[0]?.[0];
          if (end === undefined || !running || atOrAfter(lastId, end)) return;
          return new Promise<void>((resolve) => {
            const waiter = { id: end, resolve };
            waiters.push(waiter);
            // Past the bound it is served as this replica holds it, and forgotten here.
            setTimeout(() => {
              waiters = waiters.filter((other) => other !== waiter);
              resolve();
            }, CATCH_UP_MAX_MS).unref();
          });
        },
        // Redis down: this replica serves what it holds (a message may come again, which clients drop).
        () => undefined,
      );
    },
    stop() {
      running = false;
      stopped = true;
      reader.disconnect();
      for (const { resolve } of waiters.splice(0)) resolve();
    },
  };
}

function parseEvent(text: string | undefined): { origin: string; event: RelayEvent } | undefined {
  try {
    const parsed = JSON.parse(text ?? '') as { origin?: unknown; event?: { kind?: unknown } };
    if (typeof parsed.origin !== 'string' || (parsed.event?.kind !== 'publish' && parsed.event?.kind !== 'ack')) return undefined;
    return parsed as { origin: string; event: RelayEvent };
  } catch {
    return undefined;
  }
}
