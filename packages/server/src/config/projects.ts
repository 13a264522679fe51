import { DEVNET_PROJECT_ID } from '../devnetDefaults.ts';
import { ConfigError } from './configError.ts';
import { boolean, list, type Env } from './readers.ts';

/** PROJECT_IDS: the projectId values the data API, catalogue and RPC proxy accept. */
export function projectIds(env: Env): string[] {
  const ids = list(env, 'PROJECT_IDS') ?? [DEVNET_PROJECT_ID];
  for (const id of ids) {
    if (!/^[\w.-]{1,128}$/.test(id)) throw new ConfigError('PROJECT_IDS', `must list ids of letters, digits, '.', '_' or '-', got "${id}"`);
  }
  return ids;
}

export function analyticsEnabled(env: Env): boolean {
  return boolean(env, 'ANALYTICS_ENABLED', false);
}

/** EXTRA_WALLETS_FILE: a JSON file of wallets merged over the catalogue by id. */
export function extraWalletsFile(env: Env): string | undefined {
  return env.EXTRA_WALLETS_FILE?.trim() || undefined;
}
