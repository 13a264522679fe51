/** What the relay and the Farcaster login answer when they refuse (issue 27). */
export const FARCASTER_ERRORS = {
  noChannel: 'Unknown or expired Farcaster sign-in: start again',
  relayKey: 'The relay key (X-Farcaster-Auth-Relay-Key) is missing or not accepted',
  answered: 'This Farcaster sign-in has been answered already',
  pending: 'The Farcaster app has not signed in yet',
  noRegistryChain: (chainId: number) => `Sign In With Farcaster reads the ID registry on chain ${chainId}, which this server has no RPC for (RPC_URL_${chainId})`,
  refused: (reason: string) => `Sign In With Farcaster refused: ${reason}`,
  otherFid: 'The signed message names another fid than the answer',
  /** The channel's token reaches the site's page (the link, the QR code): only the frame that opened it holds the secret that completes it. */
  notThisFrame: 'This Farcaster sign-in was opened by another frame: only the frame that opened it can complete it (completionSecret)',
  /** A message signed for one channel must complete no other: a login channel's nonce is never the opener's (session 18). */
  nonceFromFrameOnly: 'A Farcaster login channel (completionHash) takes no nonce: the server picks it, so that a message signed for one channel completes no other',
  notFromFrame: 'A Farcaster login channel (completionHash) opens only from the secure frame: its origin is not in FRAME_ORIGINS',
  /** Session 22: the login waits for the visitor to confirm the name the server checked. */
  notChecked: 'Check this Farcaster sign-in first (POST /auth/v1/farcaster/check) and ask the visitor to confirm its name',
  /** Session 22: without the registry's answer no login goes on, so the name shown is never unchecked. */
  nameRegistryDown: (why: string) => `The Farcaster name registry did not answer (${why}): try again in a moment`,
  siteNotAccepted: (domain: string) => `Sign In With Farcaster for ${domain} is not accepted: the site must be one of SIWX_DOMAINS in the server configuration`,
} as const;
