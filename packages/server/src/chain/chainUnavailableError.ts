/** The chain's node did not answer (down, timed out, HTTP error): a 502 for the client, not a 500. */
export class ChainUnavailableError extends Error {
  constructor(
    readonly rpcUrl: string,
    cause: unknown,
  ) {
    super(`RPC ${rpcUrl} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ChainUnavailableError';
  }
}
