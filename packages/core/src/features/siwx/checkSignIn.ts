import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { signInRoute } from '../../rules/signIn/signInRoute.ts';
import { findNetwork } from '../../stores/network.ts';
import type { SiwxSession } from './siwxStore.ts';
import type { ChainAdapter } from '../../types.ts';
import { land } from '../../actions/land.ts';
import { showAlert } from '../../alerts.ts';

/** One account, in the namespace's own canonical form (EVM ignores case; base58 does not). */
const sameAddress = (adapter: Pick<ChainAdapter, 'normalizeAddress'>, a: string, b: string) => {
  try {
    return adapter.normalizeAddress(a) === adapter.normalizeAddress(b);
  } catch {
    return false; // a stored value that is no address of this namespace
  }
};

/** A session stands for this address on this network and has not expired. */
export function sessionCovers(
  adapter: Pick<ChainAdapter, 'normalizeAddress'>,
  session: SiwxSession,
  address: string,
  chainId: number | string,
  now: number,
): boolean {
  const expired = session.expirationTime !== undefined && Date.parse(session.expirationTime) <= now;
  return sameAddress(adapter, session.address, address) && String(session.chainId) === String(chainId) && !expired;
}

/**
 * SPEC §4: when sign-in is enabled, the network is supported and no session covers the active
 * account, the sign view opens. A stored session is confirmed with the backend first, so a reload
 * with a valid session asks for no new signature. Resolves true when it opened the sign view.
 */
export async function checkSignIn(ctx: CairnContext): Promise<boolean> {
  const backend = ctx.siwxBackend;
  if (!ctx.options.siwx || !backend) return false;
  const { address } = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  if (ctx.connection.get().status !== 'connected' || !address || !network) return false;
  // A namespace whose adapter cannot sign in (signInRoute) is not asked to, and gets no session.
  const adapter = adapterFor(ctx, network.chainNamespace);
  if (!signInRoute(adapter)) return false;
  const current = ctx.siwx.get().session;
  if (current && sessionCovers(adapter, current, address, network.id, ctx.now())) return false;

  const stored = ctx.storage.get('siwxSession');
  // This account had signed in on this network: unless the server cannot be asked, its session has ended.
  let endedSession = !!stored && sameAddress(adapter, stored.address, address) && String(stored.chainId) === String(network.id);
  if (stored && sessionCovers(adapter, stored, address, network.id, ctx.now())) {
    try {
      const confirmed = await backend.getSession({ address, chainId: network.id });
      if (confirmed && sameAddress(adapter, confirmed.address, address)) {
        ctx.siwx.set({ status: 'authenticated', session: { address, chainId: network.id, expirationTime: stored.expirationTime }, error: undefined });
        return false;
      }
    } catch (error) {
      console.warn('[cairn] could not confirm the sign-in session', error);
      endedSession = false;
    }
  }
  // The account or network may have moved on while the server was asked.
  if (activeAccount(ctx).get().address !== address || findNetwork(ctx.network.get()) !== network) return false;
  // SPEC §8 'Session Expired': the session ended (its expiration time passed, or the server no longer has it).
  if (endedSession) showAlert(ctx, 'sessionExpired');
  ctx.storage.remove('siwxSession');
  ctx.siwx.set({ status: 'idle', session: undefined, error: undefined });
  land(ctx, { kind: 'signInNeeded' });
  return true;
}
