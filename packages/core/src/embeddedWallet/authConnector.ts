import type { ChainNamespace, Connector } from '../types.ts';

/** SPEC §3: the connector id of the e-mail / social login (the secure frame). */
export const AUTH_CONNECTOR_ID = 'ID_AUTH';

/** The one auth connector; SPEC §9: it serves eip155 (and solana, not built yet). */
export function authConnector(chain: ChainNamespace): Connector {
  return { id: AUTH_CONNECTOR_ID, name: 'E-mail & socials', type: 'AUTH', chain };
}
