// `@cairn/server/testing`: the server's test support for other packages' tests and the bench
// (not published: the export has only the workspace's source condition).
export { startCatalogueServer, CATALOGUE_PROJECT_ID, type CatalogueServer } from './catalogueTestServer.ts';
export { startRelayServer, type RelayServer } from '../relay/testing/startRelayServer.ts';
export { blockOutboundConnections, type OutboundAttempt } from '../relay/testing/blockOutboundConnections.ts';
export { RawRelayClient } from '../relay/testing/rawRelayClient.ts';
export { DEFAULT_RELAY_LIMITS } from '../relay/relayLimits.ts';
export type { RelayStats } from '../relay/relay.ts';
export { databaseConfig } from '../config/database.ts';
