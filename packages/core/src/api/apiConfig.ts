/** Where the site's own Cairn server lives (SPEC §7 blockchain data API). */
export interface ApiConfig {
  url: string;
  projectId: string;
}

/** Sent with every call to the site's server (SPEC §7 st / sv). */
export const SDK_TYPE = 'cairn';
export const SDK_VERSION = '0.1.0';
