export type RedisBinary = { binary: string; skipped?: undefined } | { skipped: string; binary?: undefined };
export function ensureRedis(options?: { install?: boolean }): Promise<RedisBinary>;
export function freePort(): Promise<number>;
export type PrivateRedis = { url: string; port: number; stop(): Promise<void> };
export function startRedis(options?: { binary?: string; port?: number }): Promise<PrivateRedis>;
