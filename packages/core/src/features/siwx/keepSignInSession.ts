import type { CairnContext } from '../../context.ts';
import type { CaipNetwork } from '../../types.ts';

/** SPEC §4: a verified sign-in is stored (here and in the browser) and SIWX_AUTH_SUCCESS tracked. */
export function keepSignInSession(ctx: CairnContext, session: { address: string; network: CaipNetwork; expirationTime: string }): void {
  const { address, network, expirationTime } = session;
  ctx.storage.set('siwxSession', { address, chainId: network.id, expirationTime });
  ctx.siwx.set({ status: 'authenticated', session: { address, chainId: network.id, expirationTime }, error: undefined });
  ctx.events.emit('SIWX_AUTH_SUCCESS', { network: network.caipNetworkId });
}
