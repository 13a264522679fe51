/** Where the site's own Cairn server lives (SPEC §7 blockchain data API). */
export interface ApiConfig {
  url: string;
  projectId: string;
}

/** Sent with every call to the site's server (SPEC §7 st / sv). */
export const SDK_TYPE = 'cairn';
export const SDK_VERSION = '0.1.0';

/** Query parameters of a call; an undefined one is left out. */
export type ServerQuery = Record<string, string | undefined>;

/**
 * The URL of a call to the site's server: its `path` (already encoded) on the configured URL,
 * with the projectId, st and sv every call carries (SPEC §7), then `query`. Kept free of imports:
 * the page's first load builds logo URLs with it.
 */
export function serverUrl(config: ApiConfig, path: string, query: ServerQuery = {}): string {
  const params = new URLSearchParams({ projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `${config.url.replace(/\/+$/, '')}${path}?${params}`;
}
