import { boolean, integer, type Env } from './readers.ts';

export interface RelayConfig {
  enabled: boolean;
  maxConnections: number;
  maxConnectionsPerIp: number;
  maxStoredMb: number;
}

export function relayConfig(env: Env, devnetOnly: boolean): RelayConfig {
  return {
    // On by default only for the devnet stack (`npm start`, the tests): a deployment that names a
    // real chain gets no relay unless it asks for one.
    enabled: boolean(env, 'RELAY_ENABLED', devnetOnly),
    maxConnections: integer(env, 'RELAY_MAX_CONNECTIONS', 4000, 1, 1_000_000),
    maxConnectionsPerIp: integer(env, 'RELAY_MAX_CONNECTIONS_PER_IP', 50, 1, 100_000),
    maxStoredMb: integer(env, 'RELAY_MAX_STORED_MB', 128, 1, 65_536),
  };
}
