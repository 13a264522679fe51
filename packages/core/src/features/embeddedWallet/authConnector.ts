import type { ChainNamespace, Connector } from '../../types.ts';

/** SPEC §3: the connector id of the e-mail / social login (the secure frame). */
export const AUTH_CONNECTOR_ID = 'ID_AUTH';

/** SPEC §9: the auth connector supports eip155 and solana (the frame's one key holds an account of each). */
export const AUTH_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[];

/** The one auth connector, in each namespace it serves. */
export function authConnector(chain: ChainNamespace): Connector {
  return { id: AUTH_CONNECTOR_ID, name: 'E-mail & socials', type: 'AUTH', chain };
}
