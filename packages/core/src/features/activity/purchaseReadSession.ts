import type { ReadSession } from '../../api/getJson.ts';
import type { ResolvedOptions } from '../../options.ts';
import { readSessionToken } from '../../siwx/sessionToken.ts';

/**
 * How the onramp's purchases are read (issue 28): as the signed-in visitor when the site signs in
 * on its Cairn server, so the server may show them what they paid and through whom; anonymously
 * otherwise (a site without that sign-in has no session to send, and may not be a CORS origin the
 * server lets send credentials).
 */
export function purchaseReadSession(options: Pick<ResolvedOptions, 'siwx'>): { session?: ReadSession } {
  const { siwx } = options;
  if (!siwx || siwx.backend) return {};
  const bearer = siwx.crossSite ? readSessionToken() : undefined;
  return { session: bearer ? { bearer } : {} };
}
