import type { ChildProcess } from 'node:child_process';

export const CHAIN_IDS: number[];
export interface ClusterPorts {
  balancer: number;
  replicas: number[];
  chains: { chainId: number; port: number }[];
  postgres: number;
  redis: number;
  stats: number;
}
export function clusterPorts(base: number, replicas?: number): ClusterPorts;
export interface ClusterReplica {
  index: number;
  port: number;
  url: string;
  child: ChildProcess | undefined;
  /** Spawns the replica and waits for its /health. */
  start(): Promise<void>;
  /** Ends it: SIGKILL (a crash) unless told otherwise. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}
export interface RunningCluster {
  /** The load balancer: what a site's `api` points at. */
  url: string;
  ports: ClusterPorts;
  chains: { chainId: number; url: string }[];
  replicas: ClusterReplica[];
  postgres: { url: string; port: number; start(): Promise<void>; stop(mode?: 'fast' | 'immediate'): Promise<void> };
  redis: { url: string; start(): Promise<void>; stop(): Promise<void> };
  balancer: {
    child: ChildProcess;
    configFile: string;
    url: string;
    replicaStates(): Promise<Record<string, string>>;
    replicaChecks(): Promise<Record<string, { failed: number; downs: number; last: string; lastMs: number }>>;
  };
  dataDir: string;
  stop(): Promise<void>;
}
export function startCluster(options?: { basePort?: number; replicas?: number; dataDir?: string; fresh?: boolean; env?: Record<string, string>; log?: (line: string) => void }): Promise<RunningCluster>;
