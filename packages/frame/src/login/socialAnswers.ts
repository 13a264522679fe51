import { SOCIAL_CALLBACK_MESSAGE, socialCallbackSchema, type SocialCallback } from '@cairn/core/internal';
import * as v from 'valibot';
import type { MessageListenerTarget } from '../protocol/messaging.ts';

/** The flow a frame awaits the provider's answer for: from the server's callback page, for its own state. */
export interface ExpectedAnswer {
  /** The callback page's origin (the server says it at start). */
  origin: string;
  state: string;
}

/** Resolves with the provider's answer for the expected flow; rejects when `signal` aborts. */
export type SocialAnswers = (expected: ExpectedAnswer, signal: AbortSignal) => Promise<SocialCallback>;

/**
 * The provider's answer in a window message, when it is one: posted by the callback page's origin
 * exactly, shaped as core says, for this frame's own flow. Anything else is not for this flow and
 * is ignored (it neither finishes nor fails it).
 */
export function socialAnswerOf(event: { origin: string; data: unknown }, expected: ExpectedAnswer): SocialCallback | undefined {
  if (event.origin !== expected.origin) return undefined;
  const data = event.data as { type?: unknown; params?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.type !== SOCIAL_CALLBACK_MESSAGE) return undefined;
  const parsed = v.safeParse(socialCallbackSchema, data.params);
  return parsed.success && parsed.output.state === expected.state ? parsed.output : undefined;
}

/** The answers that reach this frame's window (the callback page posts to the frames of the popup's opener). */
export function windowSocialAnswers(target: MessageListenerTarget): SocialAnswers {
  return (expected, signal) =>
    new Promise((resolve, reject) => {
      const stop = () => {
        target.removeEventListener('message', onMessage);
        signal.removeEventListener('abort', onAbort);
      };
      const onMessage = (event: MessageEvent) => {
        const answer = socialAnswerOf(event, expected);
        if (!answer) return;
        stop();
        resolve(answer);
      };
      const onAbort = () => {
        stop();
        reject(signal.reason);
      };
      if (signal.aborted) return reject(signal.reason);
      target.addEventListener('message', onMessage);
      signal.addEventListener('abort', onAbort, { once: true });
    });
}
