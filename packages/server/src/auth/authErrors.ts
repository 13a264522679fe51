/** The reasons a sign-in or a revoke is refused (401 messages); routes and tests share them. */
export const AUTH_ERRORS = {
  domainNotAccepted: (domain: string) => `Domain ${domain} is not accepted (see SIWX_DOMAINS in the server configuration)`,
  uriNotOfSite: (uri: string, domain: string) => `URI ${uri.slice(0, 200)} is not on an origin of ${domain} (see SIWX_DOMAINS in the server configuration)`,
  schemeNotOfSite: (scheme: string, domain: string) => `Scheme ${scheme.slice(0, 40)} is not the one ${domain} is served over`,
  tooManyAttempts: 'Too many failed signatures for this nonce; ask for a new one',
  chainNotServed: (chainId: number | string) => `Chain ${chainId} is not a chain this server serves`,
  issuedInFuture: 'Message is issued in the future',
  expired: 'Message has expired',
  notYetValid: 'Message is not valid yet (Not Before is in the future)',
  nonceUnknownOrUsed: 'Nonce was not issued by this server or was already used',
  nonceExpired: 'Nonce has expired; ask for a new one',
  badSignature: 'Signature does not match the address',
  keylessAddress: 'This address is not a key anyone holds (a small-order or non-canonical ed25519 key): it cannot sign in',
  signInNotSupported: 'Sign-in is not supported for this network',
  noSession: 'No session: sign in first',
  twoSessionCookies: 'Two session cookies on one request: refused (one was set by another host; sign in again)',
  sessionOfAnotherAddress: "This session is not the address's: only the address's own session lists its sessions",
  sessionEnded: 'Session has expired or was revoked',
  sessionNotFound: 'Session not found for this address',
  /** 503: the server could not load Polkadot's signature check (its wasm); the next sign-in loads it again. */
  polkadotCryptoUnavailable: "The server could not load Polkadot's signature check: try again",
} as const;
