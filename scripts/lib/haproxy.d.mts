export const HEALTH_CHECK: { intervalMs: number; timeoutMs: number; fall: number; rise: number };
export const REPLICA_LIMITS: { maxconn: number; queueMs: number };
export function ensureHaproxy(): Promise<string>;
export function haproxyConfig(options: { port: number; statsPort: number; replicas: number[]; dataDir: string }): string;
