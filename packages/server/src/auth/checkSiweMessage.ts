import type { SiweFields } from '@cairn/core/siwx';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';

/** Clocks disagree a little: a message issued up to this far in the future is still accepted. */
export const CLOCK_SKEW_MS = 60_000;

export type SiweMessageChecks = {
  /** Accepted `domain` values; compared without regard to case. */
  domains: readonly string[];
  /** Per accepted domain (lower case), the origins its messages' URI may be on; absent: not checked. */
  origins?: Readonly<Record<string, readonly string[]>>;
  /** Chain ids this server serves. */
  chainIds: ReadonlySet<number>;
  now: number;
};

/** A message's times as instants (ms since the epoch). */
export type SiweInstants = { issuedAt: number; expirationTime?: number; notBefore?: number };

const TIME_FIELDS = { issuedAt: 'Issued At', expirationTime: 'Expiration Time', notBefore: 'Not Before' } as const;

/**
 * The message's times as instants. RFC 3339 allows a leap second (`:60`), which Date.parse cannot
 * place; a time that is not a finite instant is refused (400 naming the field) rather than compared
 * as NaN, which every comparison would let through.
 */
export function siweInstants(fields: Pick<SiweFields, 'issuedAt' | 'expirationTime' | 'notBefore'>): SiweInstants {
  const instant = (field: keyof typeof TIME_FIELDS, value: string): number => {
    const time = Date.parse(value);
    if (!Number.isFinite(time)) throw new ApiError(400, `${TIME_FIELDS[field]} is not a time this server can compare (a leap second, or out of range)`, field);
    return time;
  };
  return {
    issuedAt: instant('issuedAt', fields.issuedAt),
    ...(fields.expirationTime !== undefined ? { expirationTime: instant('expirationTime', fields.expirationTime) } : {}),
    ...(fields.notBefore !== undefined ? { notBefore: instant('notBefore', fields.notBefore) } : {}),
  };
}

/** The URI's origin (scheme://host[:port], lower case), or undefined when it has none. */
function uriOrigin(uri: string): string | undefined {
  try {
    const origin = new URL(uri).origin;
    return origin === 'null' ? undefined : origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/** What every sign-in message states, whatever its namespace (EIP-4361, CAIP-122). */
export type SignInTerms = Pick<SiweFields, 'domain' | 'uri' | 'scheme' | 'issuedAt' | 'expirationTime' | 'notBefore'> & {
  /** The chain as the message names it (for the error text). */
  chainId: number | string;
  /** The CAIP-2 id of that chain (`eip155:1`, `solana:localnet`). */
  caipNetworkId: string;
};

export type SignInMessageChecks = Omit<SiweMessageChecks, 'chainIds'> & {
  /** CAIP-2 ids of the chains this server serves. */
  servedNetworks: ReadonlySet<string>;
};

/**
 * The checks of a parsed message that need no database and no signature: domain, the URI (and the
 * scheme, when given) on one of the domain's origins, chain and time window. Returns the reason it
 * fails, in plain words, or undefined when it passes; a time that is not an instant throws a 400.
 * The same for every namespace: only reading the message and the signature differ.
 */
export function checkSignInMessage(terms: SignInTerms, checks: SignInMessageChecks): string | undefined {
  const domain = terms.domain.toLowerCase();
  if (!checks.domains.some((accepted) => accepted.toLowerCase() === domain)) return AUTH_ERRORS.domainNotAccepted(terms.domain);
  const origins = checks.origins?.[domain];
  if (origins) {
    const origin = uriOrigin(terms.uri);
    if (!origin || !origins.includes(origin)) return AUTH_ERRORS.uriNotOfSite(terms.uri, terms.domain);
    if (terms.scheme !== undefined && `${terms.scheme.toLowerCase()}:` !== new URL(origin).protocol) {
      return AUTH_ERRORS.schemeNotOfSite(terms.scheme, terms.domain);
    }
  }
  if (!checks.servedNetworks.has(terms.caipNetworkId)) return AUTH_ERRORS.chainNotServed(terms.chainId);
  const times = siweInstants(terms);
  if (times.issuedAt > checks.now + CLOCK_SKEW_MS) return AUTH_ERRORS.issuedInFuture;
  return checkValidityWindow(times, checks.now);
}

/** checkSignInMessage for an EIP-4361 message, with the numeric chain ids served. */
export function checkSiweMessage(fields: SiweFields, checks: SiweMessageChecks): string | undefined {
  const servedNetworks = new Set([...checks.chainIds].map((chainId) => `eip155:${chainId}`));
  return checkSignInMessage({ ...fields, caipNetworkId: `eip155:${fields.chainId}` }, { ...checks, servedNetworks });
}

/** EIP-4361's window: Expiration Time not reached, Not Before reached (with the clock skew). */
export function checkValidityWindow(times: Pick<SiweInstants, 'expirationTime' | 'notBefore'>, now: number): string | undefined {
  if (times.expirationTime !== undefined && times.expirationTime <= now) return AUTH_ERRORS.expired;
  if (times.notBefore !== undefined && times.notBefore > now + CLOCK_SKEW_MS) return AUTH_ERRORS.notYetValid;
  return undefined;
}
