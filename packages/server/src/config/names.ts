import { ConfigError } from './configError.ts';
import { integer, type Env } from './readers.ts';

/** NAME_ZONE, e.g. `.cairn.id`: the only zone this server registers and resolves names under. */
export function nameZone(env: Env): string {
  const raw = env.NAME_ZONE;
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return '.cairn.id';
  const zone = value.startsWith('.') ? value : `.${value}`;
  if (!/^(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?){2,4}$/.test(zone)) throw new ConfigError('NAME_ZONE', `must be a domain like cairn.id, got "${raw}"`);
  return zone;
}

/** Name registrations per UTC day, per client network and in all; the devnet stack registers many. */
export function nameRegistrations(env: Env, devnetOnly: boolean): { perIpPerDay: number; perDay: number } {
  return {
    perIpPerDay: integer(env, 'NAME_REGISTRATIONS_PER_IP_PER_DAY', devnetOnly ? 1000 : 20, 1, 1_000_000),
    perDay: integer(env, 'NAME_REGISTRATIONS_PER_DAY', devnetOnly ? 100_000 : 2000, 1, 100_000_000),
  };
}
