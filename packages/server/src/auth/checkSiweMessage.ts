import type { SiweFields } from '@cairn/core/siwx';
import { AUTH_ERRORS } from './authErrors.ts';

/** Clocks disagree a little: a message issued up to this far in the future is still accepted. */
export const CLOCK_SKEW_MS = 60_000;

export type SiweMessageChecks = {
  /** Accepted `domain` values; compared without regard to case. */
  domains: readonly string[];
  /** Chain ids this server serves. */
  chainIds: ReadonlySet<number>;
  now: number;
};

/**
 * The checks of a parsed message that need no database and no signature: domain, chain and time
 * window. Returns the reason it fails, in plain words, or undefined when it passes.
 */
export function checkSiweMessage(fields: SiweFields, checks: SiweMessageChecks): string | undefined {
  const domain = fields.domain.toLowerCase();
  if (!checks.domains.some((accepted) => accepted.toLowerCase() === domain)) return AUTH_ERRORS.domainNotAccepted(fields.domain);
  if (!checks.chainIds.has(fields.chainId)) return AUTH_ERRORS.chainNotServed(fields.chainId);
  if (Date.parse(fields.issuedAt) > checks.now + CLOCK_SKEW_MS) return AUTH_ERRORS.issuedInFuture;
  return checkValidityWindow(fields, checks.now);
}

/** EIP-4361's window: Expiration Time not reached, Not Before reached (with the clock skew). */
export function checkValidityWindow(fields: Pick<SiweFields, 'expirationTime' | 'notBefore'>, now: number): string | undefined {
  if (fields.expirationTime !== undefined && Date.parse(fields.expirationTime) <= now) return AUTH_ERRORS.expired;
  if (fields.notBefore !== undefined && Date.parse(fields.notBefore) > now + CLOCK_SKEW_MS) return AUTH_ERRORS.notYetValid;
  return undefined;
}
