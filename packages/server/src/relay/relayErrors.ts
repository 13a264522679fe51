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
  tooManyPublishes: (perSecond: number, burst: number) => `Too many publishes: a client may publish ${burst} messages at once, then ${perSecond} a second`,
  clientQuota: (bytes: number) => `Publish refused: this client's stored messages reached its quota (${bytes} bytes); it frees up as they expire`,
  ipQuota: (bytes: number) => `Publish refused: the stored messages of this client's address reached their quota (${bytes} bytes); it frees up as they expire`,
  mailboxFull: 'Publish refused: the relay holds as many messages as it can; try again later',
  replicasUnreachable: "Publish refused: the relay cannot reach its other replicas right now and holds as many unshared messages as it can; try again in a few seconds",
  tooManyConnections: (max: number) => `Too many connections: the relay serves at most ${max} at once; try again later`,
  tooManyConnectionsFromIp: (max: number) => `Too many connections from this address: at most ${max} at once`,
} as const;
