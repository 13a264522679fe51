import { serverUrl, type ApiConfig } from './apiConfig.ts';

/**
 * A catalogue wallet's logo on the site's server (SPEC §7 GET /getWalletImage/{id}), with the
 * projectId, st and sv every catalogue request carries. Apart from the client so that the page's
 * first load carries no catalogue code: the list's rows ask for this once per row rendered.
 */
export function walletImageUrl(config: ApiConfig, imageId: string): string {
  return serverUrl(config, `/getWalletImage/${encodeURIComponent(imageId)}`);
}
