// SPEC §8 analytics events, plus the connection lifecycle a site wants to observe.
// Events stay in the page: nothing leaves it unless the site passes its own sink.

/** Every event the widget tracks; the site's server accepts only these (POST /analytics/events). */
export const CAIRN_EVENT_NAMES = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SWITCH_NETWORK',
  'SEARCH_WALLET',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
] as const;
export type CairnEventName = (typeof CAIRN_EVENT_NAMES)[number];

export interface CairnEvent {
  event: CairnEventName;
  properties: Readonly<Record<string, string | number | boolean | undefined>>;
  timestamp: number;
}

export type CairnEventListener = (event: CairnEvent) => void;

export interface Events {
  emit(event: CairnEventName, properties?: CairnEvent['properties']): void;
  subscribe(listener: CairnEventListener): () => void;
}

export function createEvents(options: { sink?: CairnEventListener; now?: () => number } = {}): Events {
  const listeners = new Set<CairnEventListener>();
  if (options.sink) listeners.add(options.sink);
  const now = options.now ?? Date.now;
  return {
    emit(event, properties = {}) {
      const record: CairnEvent = { event, properties, timestamp: now() };
      for (const listener of [...listeners]) {
        try {
          listener(record);
        } catch (error) {
          // A site's listener must not break the widget.
          console.error('[cairn] event listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
