import { STATUS_CODES } from 'node:http';

/** Error texts a client may show or match (SPEC §8); tests and routes share these constants. */
export const ERROR_TEXTS = {
  gasPriceNetworkNotSupported: 'Network not supported for Gas Price',
  swapsNetworkNotSupported: 'Network not supported for Swaps',
  unknownProjectId: (projectId: string) => `Unknown projectId "${projectId}": this server does not accept it (see PROJECT_IDS in the server configuration)`,
  missingProjectId: 'Missing projectId: pass the project id as the projectId query parameter',
  missingSdkParam: (name: 'st' | 'sv') => `Missing ${name} (${name === 'st' ? 'SDK type' : 'SDK version'}): pass it as the ${name} query parameter`,
  chainNotConfigured: (field: string, chain: string) => `${field} ${chain} is not a chain this server serves (see /v1/supported-chains)`,
  invalidCursor: 'cursor is not a cursor this server issued (pass the `next` value of the previous page unchanged)',
  notFound: (what: string) => `${what} not found`,
  chainUnavailable: (chain: string) => `Chain ${chain} is unavailable right now; try again shortly`,
  /** A login limit could not be counted (Redis down): refused rather than let through. */
  sharedStateUnavailable: 'This server cannot check its limits right now; try again in a few seconds',
  /** The database could not be reached (down, restarting): nothing was done; a later try can succeed. */
  databaseUnavailable: 'The database is unavailable right now; try again in a few seconds',
} as const;

/** An error meant for the client: its status and message are sent as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ErrorBody = { statusCode: number; error: string; message: string; field?: string };

export function errorBody(statusCode: number, message: string, field?: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(field === undefined ? {} : { field }) };
}
