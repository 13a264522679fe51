import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RelayBus, RelayEvent } from '../relay/relayBus.ts';
import type { SharedState } from './sharedState.ts';

const STREAM = 'cairn:relay';
/** How long one read waits for new events before asking again. */
const BLOCK_MS = 5_000;
const READ_BATCH = 500;
/** Pause before reading again after a failed read (Redis down). */
const RETRY_MS = 250;

type StreamReply = [stream: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * The relays' events in one Redis stream, which every replica reads in order from its start: a
 * replica applies each other replica's publish and acknowledgement once, and one that starts (or
 * restarts) later first replays what the stream still keeps, so it holds the same messages as the
 * others. The stream keeps about `keptEvents` (the relay's message bound, plus their
 * acknowledgements); expired messages in it are skipped on replay. While Redis is down a replica's
 * relay serves its own clients, and what they publish meanwhile stays on that replica.
 */
export function redisRelayBus(shared: SharedState, keptEvents: number, log: { warn(details: object, message: string): void }): RelayBus {
  const origin = randomUUID();
  const reader = shared.connection('relay reader', { commandTimeout: BLOCK_MS * 2 });
  let running = false;
  let lastId = '0';
  // One warning per outage, not one per message.
  let sharing = true;

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
    }
  }

  return {
    share(event) {
      shared.commands.xadd(STREAM, 'MAXLEN', '~', keptEvents, '*', 'e', JSON.stringify({ origin, event })).then(
        () => (sharing = true),
        (error: Error) => {
          if (sharing) log.warn({ err: error.message }, 'relay events not shared with the other replicas until Redis answers');
          sharing = false;
        },
      );
    },
    start(apply) {
      running = true;
      void follow(apply);
    },
    stop() {
      running = false;
      reader.disconnect();
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
