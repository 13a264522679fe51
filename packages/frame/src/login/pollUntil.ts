import { isTransientFailure } from '@cairn/core/internal';

export interface PollOptions {
  /** Until when (ms since the epoch) to ask; past it, `timedOut` is thrown. */
  deadline: number;
  everyMs: number;
  timedOut: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Asks `done` every `everyMs` until it says yes. A poll that fails on the way (a timeout, a dropped
 * connection, a busy server's 5xx or 429) is not an answer: the next one asks again, until the
 * deadline. Any other failure (the server refusing the question) ends the wait with it.
 */
export async function pollUntil(done: () => Promise<boolean>, options: PollOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (;;) {
    const answered = await done().catch((error: unknown) => (isTransientFailure(error) ? false : Promise.reject(error)));
    if (answered) return;
    if (now() > options.deadline) throw new Error(options.timedOut);
    await sleep(options.everyMs);
  }
}
