/** JSON-RPC 2.0 error codes the relay answers with. */
export const RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  serverError: -32000,
} as const;

/** Texts of the relay's refusals; tests and the relay share them. */
export const RELAY_ERRORS = {
  missingAuth: 'Missing auth: connect with ?auth=<JWT signed by the client key (did:key, EdDSA)>',
  invalidAuth: (reason: string) => `Invalid auth JWT: ${reason}`,
  parseError: 'Parse error: the frame is not JSON',
  binaryFrame: 'Parse error: frames must be text (JSON)',
  notAnObject: 'Invalid request: a frame must be one JSON-RPC 2.0 object (batch arrays are not supported)',
  badId: 'Invalid request: id must be a string or an integer',
  badMethod: 'Invalid request: method must be a string',
  unknownMethod: (method: string) => `Method not found: ${method.slice(0, 64)}`,
  tooManyTopics: (max: number) => `Too many subscriptions: one connection may follow at most ${max} topics`,
} as const;
