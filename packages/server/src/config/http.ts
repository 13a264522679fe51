import { DEVNET_CORS_ORIGINS } from '../devnetDefaults.ts';
import { ConfigError } from './configError.ts';
import { integer, list, origin, type Env } from './readers.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Which proxies to believe about the client's address and protocol (X-Forwarded-For / -Proto):
 * false (none: the socket's peer is the client), true (any), a hop count, or proxy addresses.
 */
export type TrustProxy = boolean | number | string[];

export function logLevel(env: Env): LogLevel {
  const level = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(level)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return level;
}

/** PUBLIC_URL without its trailing slash; absent: the request's own origin (or the server's own address). */
export function publicUrl(env: Env): string | undefined {
  const value = env.PUBLIC_URL?.trim() || undefined;
  if (value !== undefined && !/^https?:\/\/[^/]+/.test(value)) throw new ConfigError('PUBLIC_URL', `must be an http(s) URL, got "${value}"`);
  return value?.replace(/\/$/, '');
}

/** Where the server listens (SERVER_HOST, SERVER_PORT). */
export function listenAddress(env: Env): { host: string; port: number } {
  const port = integer(env, 'SERVER_PORT', 8787, 0, 65535);
  return { host: env.SERVER_HOST?.trim() || '127.0.0.1', port };
}

/** The server's own address, as a browser reaches it when it runs on this machine. */
export function ownUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export function corsOrigins(env: Env): string[] {
  return (list(env, 'CORS_ORIGINS') ?? DEVNET_CORS_ORIGINS).map((value) => origin(value));
}

export function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY;
  const value = raw?.trim();
  if (value === undefined || value === '' || /^(false|0|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const proxies = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (proxies.every((item) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(item))) return proxies;
  throw new ConfigError('TRUST_PROXY', `must be false, true, a hop count or proxy addresses (CIDR allowed), got "${raw}"`);
}
