import { EMAIL_LOGIN_COOLDOWN_MS } from '../constants.ts';
import { ErrorText } from '../errors.ts';

/**
 * SPEC §4/§5: a new e-mail login may not start within 30 s of the last one. The whole seconds
 * still to wait (rounded up, so the text never says 0), or 0 when a login may start.
 */
export function emailLoginWaitSeconds(lastStartedAt: number | undefined, now: number): number {
  if (lastStartedAt === undefined || !Number.isFinite(lastStartedAt) || lastStartedAt > now) return 0;
  const remaining = lastStartedAt + EMAIL_LOGIN_COOLDOWN_MS - now;
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/** 'Please try again after {n} seconds' while the cooldown runs, undefined when a login may start. */
export function emailLoginThrottleError(lastStartedAt: number | undefined, now: number): string | undefined {
  const seconds = emailLoginWaitSeconds(lastStartedAt, now);
  return seconds > 0 ? ErrorText.emailLoginTooSoon(seconds) : undefined;
}
