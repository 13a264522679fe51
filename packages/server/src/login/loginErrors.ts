import { ErrorText } from '@cairn/core';

/** What a client reads when a log-in without a wallet fails (tests and routes share these). */
export const LOGIN_ERRORS = {
  /** SPEC §8, with the remaining seconds. */
  tooSoon: ErrorText.emailLoginTooSoon,
  invalidEmail: 'Invalid e-mail address',
  /** A wrong, burnt, expired or unknown code, or another attempt's: one text, so it tells a stranger nothing. */
  invalidCode: 'Invalid code',
  proofInvalid: 'The proof of work does not solve a challenge for this address: ask for a new challenge',
  proofStale: 'The challenge has expired, was used, or this address now costs more: solve a new one',
  mailFailed: 'The e-mail could not be sent; try again shortly',
  mailNotConfigured: 'E-mail login is not set up on this server (SMTP_URL)',
  noLogin: 'Not logged in: send the login token as a bearer token',
  loginEnded: 'This login has ended: log in again',
  emailTaken: 'This e-mail address is already in use',
  sameEmail: 'This is already your e-mail address',
  noEmail: 'This account has no e-mail address to confirm the change with',
} as const;

/** What a client reads when the embedded wallet's server side refuses. */
export const WALLET_ERRORS = {
  notFresh: 'Log in again to use the wallet: this login is older than 10 minutes',
  walletExists: 'This account already has a wallet',
  noWallet: 'This account has no wallet yet',
  badProof: 'The wallet did not sign this device',
  staleProof: 'The device proof is too old or dated in the future: sign it again',
  /** A proof that may be used once (sign-out-others), sent again (session 24). */
  usedProof: 'This proof was used already: sign it again',
  tooManyDevices: 'Too many devices: remove one first',
  unknownDevice: 'Unknown device',
  /** The liveness check's answer to a device the wallet's owner removed (the frame's DeviceManagerText.removed says the same). */
  deviceRemoved: 'This device was removed from your wallet: only your recovery code or passphrase opens it here again',
  removeNeedsProof: "Removing a device takes the wallet key's proof for it (proof): a login alone cannot",
  noChallenge: 'No live challenge for this device: ask for a new one',
  badDeviceSignature: 'The device signature does not verify',
  invalidDeviceKey: 'devicePublicKey must be an ECDSA P-256 public key (SPKI, base64url)',
  deviceIdTaken: 'This device id is taken: make a new one',
  invalidExchangeKey: 'exchangeKey must be an ECDH P-256 public key (SPKI, base64url)',
  tooManyDeviceRequests: 'This login has too many devices waiting for approval: wait for them to be approved, or log in again',
  invalidPairingCode: 'code must be the 8-character pairing code the new device shows (such as K3T9-4QZA)',
  unknownPairingCode: 'No new device is waiting with this code: check the code on the new device',
  pairingCodeTries: (tries: number, wait: string) => `${tries} codes typed with this login: try again in ${wait}`,
  unknownDeviceRequest: 'Unknown or expired device request: ask again',
  deviceRequestAnswered: 'This device request was already answered',
  deviceRequestMismatch: 'The approved device is not the one that asked',
  recoveryLimit: (perDay: number, wait: string) => `The recovery material was released ${perDay} times in 24 hours: try again in ${wait}`,
} as const;

/** What a client reads when a social login fails. */
export const SOCIAL_ERRORS = {
  unsupported: (provider: string) => `Unsupported social provider "${provider}": google, github, apple, facebook, x or discord`,
  notSetUp: (provider: string) => `Login with ${provider} is not set up on this server (SOCIAL_${provider.toUpperCase()}_CLIENT_ID)`,
  providerDown: 'The login provider cannot be reached right now; try again shortly',
  unknownFlow: 'Unknown or finished social login: start again',
  notFromFrame: 'A social login starts only in the secure frame: its origin is not in FRAME_ORIGINS',
  otherBrowser: 'This social login was started in another browser: start again',
  otherState: "The provider's answer belongs to another login: start again",
  denied: (reason: string) => `The provider did not log you in (${reason})`,
  unverified: "The provider's answer could not be verified: start again",
} as const;
