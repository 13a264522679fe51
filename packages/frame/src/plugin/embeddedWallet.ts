import type { EmbeddedWalletPlugin } from '@cairn/core';
import { frameOriginOf } from '../client/frameOrigin.ts';
import type { FrameTimeouts } from '../protocol/events.ts';

export interface EmbeddedWalletOptions {
  /** The secure frame page (`@cairn/frame/server`), on an origin of its own: https, or http on 127.0.0.1. */
  frameUrl: string;
  /**
   * How long the widget waits for the frame, per request class, in ms (SPEC §9: log-in requests
   * 30 s). The clock stops while the frame's own screen waits on the visitor.
   */
  timeouts?: Partial<FrameTimeouts>;
}

/** Longest timeout a site may set: an hour. */
const MAX_TIMEOUT_MS = 3_600_000;

function checkedTimeouts(timeouts: unknown): Partial<FrameTimeouts> | undefined {
  if (timeouts === undefined) return undefined;
  if (typeof timeouts !== 'object' || timeouts === null) throw new TypeError('embeddedWallet: `timeouts` must be an object of milliseconds');
  const checked: Partial<FrameTimeouts> = {};
  for (const [key, value] of Object.entries(timeouts)) {
    if (key !== 'connect' && key !== 'request' && key !== 'approval') throw new TypeError(`embeddedWallet: unknown timeout \`${key}\` (connect, request or approval)`);
    if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > MAX_TIMEOUT_MS) {
      throw new TypeError(`embeddedWallet: \`timeouts.${key}\` must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
    }
    checked[key] = value as number;
  }
  return checked;
}

/**
 * E-mail and social login for `createCairn({ embeddedWallet: embeddedWallet({ frameUrl }) })`. The
 * frame's client is fetched only when a visitor logs in this way or comes back to such a login.
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletPlugin {
  if (typeof options !== 'object' || options === null || typeof options.frameUrl !== 'string') {
    throw new TypeError('embeddedWallet: `frameUrl` must be the URL of your secure frame page');
  }
  frameOriginOf(options.frameUrl);
  const { frameUrl } = options;
  const timeouts = checkedTimeouts(options.timeouts);
  return {
    kind: 'embeddedWallet',
    frameUrl,
    createClient: async (params) => (await import('./embeddedWalletClient.ts')).createEmbeddedWalletClient({ frameUrl, ...(timeouts ? { timeouts } : {}), ...params }),
  };
}
