import { getAddress, isAddress, type Address } from 'viem';
import { ConfigError } from './configError.ts';

/** The environment the settings are read from (process.env, or a test's own). */
export type Env = NodeJS.ProcessEnv;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

export function list(env: Env, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

export function address(env: Env, name: string): Address | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!isAddress(raw, { strict: false })) throw new ConfigError(name, `must be a 0x-prefixed 20-byte address, got "${raw}"`);
  return getAddress(raw);
}

export function privateKey(env: Env, name: string): `0x${string}` | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  // The value is a secret: the error never repeats it.
  if (!/^0x[0-9a-fA-F]{64}$/.test(raw)) throw new ConfigError(name, 'must be a 0x-prefixed 32-byte hex private key');
  return raw as `0x${string}`;
}

export function httpUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  return url.href.replace(/\/$/, '');
}

/** One web origin (scheme, host and port), as CORS_ORIGINS and FRAME_ORIGINS list them; '*' passes as is. */
export function origin(value: string, name = 'CORS_ORIGINS'): string {
  if (value === '*') return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must list origins like http://127.0.0.1:5173 (or *), got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(name, `must list origins like http://127.0.0.1:5173 (scheme, host and port only), got "${value}"`);
  }
  return url.origin;
}
