import * as v from 'valibot';
import { getJson, parseResponse, postJson } from '../../api/getJson.ts';
import type { ApiConfig } from '../../api/apiConfig.ts';
import type { CairnEvent } from '../../events.ts';
import type { FetchOptions } from '../../http.ts';

/** Events are sent in batches: the first waits this long for the ones that follow it. */
export const ANALYTICS_FLUSH_MS = 1_000;
/** At most this many per request (the server's limit); the widget never holds more than a few. */
export const ANALYTICS_BATCH_MAX = 50;

const configSchema = v.object({ isAnalyticsEnabled: v.boolean() });
const acceptedSchema = v.object({ accepted: v.number() });

export interface AnalyticsSender {
  track(event: CairnEvent): void;
  /** Sends what is queued now; resolves when the server has answered (or the send failed). */
  flush(): Promise<void>;
  /** Drops what is queued and sends nothing more (the instance is destroyed). */
  stop(): void;
}

/** The server takes strings, numbers and booleans only; a property left undefined is left out. */
function wireEvent(event: CairnEvent) {
  const properties = Object.fromEntries(Object.entries(event.properties).filter(([, value]) => value !== undefined));
  return { event: event.event, properties, timestamp: event.timestamp };
}

/**
 * Sends the analytics events to the site's own server (SPEC §7 GET /getAnalyticsConfig, then
 * POST /analytics/events), and only once the server says it wants them: a server with analytics
 * off is asked once and sent nothing. A failed send is dropped: analytics never disturbs the widget.
 */
export function createAnalyticsSender(api: ApiConfig, options: { fetchOptions?: FetchOptions; flushMs?: number } = {}): AnalyticsSender {
  const fetchOptions = options.fetchOptions ?? {};
  let queue: CairnEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let enabled: Promise<boolean> | undefined;
  const serverWants = () =>
    (enabled ??= getJson(api, fetchOptions, '/getAnalyticsConfig', {}, (body) => parseResponse(configSchema, body, '/getAnalyticsConfig'))
      .then((config) => config.isAnalyticsEnabled)
      .catch(() => false));

  const flush = async () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const events = queue.splice(0, ANALYTICS_BATCH_MAX);
    if (events.length === 0) return;
    if (!(await serverWants())) {
      queue = [];
      return;
    }
    try {
      await postJson(api, fetchOptions, '/analytics/events', { events: events.map(wireEvent) }, (body) => parseResponse(acceptedSchema, body, '/analytics/events'));
    } catch (error) {
      console.debug('[cairn] analytics events not sent', error);
    }
    if (queue.length > 0) await flush();
  };

  let stopped = false;
  return {
    track(event) {
      if (stopped) return;
      queue.push(event);
      timer ??= setTimeout(() => void flush(), options.flushMs ?? ANALYTICS_FLUSH_MS);
    },
    flush,
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      queue = [];
    },
  };
}
