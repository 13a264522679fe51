import { randomUUID } from 'node:crypto';
import type { CacheBus, CacheChange } from '../cache/cacheBus.ts';
import type { SharedState } from './sharedState.ts';

const CHANNEL = 'cairn:cache';

type Listener = { apply: (change: CacheChange) => void; reset: () => void };

/**
 * The caches' changes over Redis pub/sub: each replica publishes what it stores or drops and
 * applies the others'. Pub/sub keeps nothing for a replica that was cut off, so when its
 * subscription comes back after an outage every shared cache is emptied (read afresh) rather than
 * trusted. While Redis is down each replica serves its own cache, as one process does.
 */
export async function redisCacheBus(shared: SharedState): Promise<CacheBus> {
  const origin = randomUUID();
  const listeners = new Map<string, Listener[]>();
  const subscriber = shared.connection('cache subscriber', { commandTimeout: 5_000 });
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) for (const listener of [...listeners.values()].flat()) listener.reset();
    connectedBefore = true;
  });
  subscriber.on('message', (_channel: string, text: string) => {
    let event: { origin?: string; change?: CacheChange };
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      return;
    }
    if (event.origin === origin || !event.change) return;
    for (const listener of listeners.get(event.change.cache) ?? []) listener.apply(event.change);
  });
  await subscriber.connect().catch(() => undefined);
  // Until Redis answers, the subscription is made when it does (ioredis resubscribes on reconnect).
  await subscriber.subscribe(CHANNEL).catch(() => subscriber.once('ready', () => void subscriber.subscribe(CHANNEL).catch(() => undefined)));
  return {
    announce(change) {
      // Redis down: the change stays this replica's (the others' entries expire on their own).
      shared.commands.publish(CHANNEL, JSON.stringify({ origin, change })).catch(() => undefined);
    },
    listen(cache, apply, reset) {
      listeners.set(cache, [...(listeners.get(cache) ?? []), { apply, reset }]);
    },
  };
}
