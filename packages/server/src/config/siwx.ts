import { ConfigError } from './configError.ts';
import { integer, list, type Env } from './readers.ts';

export interface SiwxConfig {
  /** The EIP-4361 `domain` values (authority: host[:port]) a sign-in message may name. */
  domains: string[];
  /**
   * Per domain (lower case), the origins (scheme://host[:port]) a message's URI may be on: the
   * origin SIWX_DOMAINS names, or for a bare host https (and http on a loopback host).
   */
  origins: Record<string, string[]>;
  /** Longest life of a session (a message's own Expiration Time may end it sooner). */
  sessionTtlSeconds: number;
  /** How long an issued nonce may be used. */
  nonceTtlSeconds: number;
}

/** The demo site's hosts under `npm start` and under the e2e suite. */
export const DEFAULT_SIWX_DOMAINS = ['127.0.0.1:5173', 'localhost:5173', '127.0.0.1:24173'];
const SIWX_DOMAIN = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i;

/** Polkadot, Kusama and Westend relay chains, and the devnet's local chain (chopsticks gives it the genesis hash 0x4545…). */
const DEFAULT_POLKADOT_SIGN_IN_NETWORKS = ['91b171bb158e2d3848fa23a9f1c25182', 'b0a8d493285c2df73290dfb7e61f870f', 'e143f23803ac50e8f6f8e62695d1ce9e', '45'.repeat(16)];

/**
 * SIWX_DOMAINS: bare hosts (`shop.example`, `127.0.0.1:5173`), whose messages' URIs must be on
 * https (or http on a loopback host), or origins (`https://shop.example`), which name the scheme.
 */
function siwxSites(entries: string[]): Pick<SiwxConfig, 'domains' | 'origins'> {
  const origins: Record<string, string[]> = {};
  for (const entry of entries) {
    let domain = entry;
    let allowed: string[];
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new ConfigError('SIWX_DOMAINS', `must list hosts or origins, like shop.example or https://shop.example, got "${entry}"`);
      }
      if (url.origin !== entry.replace(/\/$/, '')) throw new ConfigError('SIWX_DOMAINS', `must list origins without a path, like https://shop.example, got "${entry}"`);
      domain = url.host;
      allowed = [url.origin];
    } else {
      if (!SIWX_DOMAIN.test(entry)) throw new ConfigError('SIWX_DOMAINS', `must list hosts with an optional port, like shop.example or 127.0.0.1:5173, got "${entry}"`);
      allowed = LOOPBACK_HOST.test(entry) ? [`https://${entry}`, `http://${entry}`] : [`https://${entry}`];
    }
    const key = domain.toLowerCase();
    origins[key] = [...new Set([...(origins[key] ?? []), ...allowed.map((o) => o.toLowerCase())])];
  }
  return { domains: Object.keys(origins), origins };
}

/** Sign-in with a wallet (EIP-4361): the sites a message may name, and how long its nonce and session last. */
export function siwxConfig(env: Env): SiwxConfig {
  return {
    ...siwxSites(list(env, 'SIWX_DOMAINS') ?? DEFAULT_SIWX_DOMAINS),
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    nonceTtlSeconds: integer(env, 'NONCE_TTL_SECONDS', 600, 10, 24 * 3600),
  };
}

/** POLKADOT_SIGN_IN_NETWORKS: the Polkadot chains a sign-in may name. */
export function polkadotSignInNetworks(env: Env): string[] {
  return (list(env, 'POLKADOT_SIGN_IN_NETWORKS') ?? DEFAULT_POLKADOT_SIGN_IN_NETWORKS).map((reference) => {
    if (!/^[0-9a-f]{32}$/.test(reference)) throw new ConfigError('POLKADOT_SIGN_IN_NETWORKS', `must list CAIP-2 references (a genesis hash's first 32 hex digits), got "${reference}"`);
    return reference;
  });
}
