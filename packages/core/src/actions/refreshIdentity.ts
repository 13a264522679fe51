import { IDENTITY_CACHE_MS } from '../constants.ts';
import { activeAccount, type CairnContext } from '../context.ts';
import { errorMessage } from '../errors.ts';
import { cachedIdentity, saveIdentity } from '../cache/persistedCaches.ts';
import { queryCacheOf, queryKey } from '../cache/queryCache.ts';
import { namesSupportedOn } from '../rules/accountName.ts';

/** Name and avatar of the active address from the site's server; SPEC §9: cached 5 min. */
export async function refreshIdentity(ctx: CairnContext): Promise<void> {
  const account = activeAccount(ctx);
  const { address } = account.get();
  if (!address || !ctx.api || !namesSupportedOn(account.get().namespace)) return;
  const key = address.toLowerCase();
  const cached = cachedIdentity(ctx, key);
  // A name from the last visit shows at once, fresh or not; a stale one is then read again.
  if (cached) account.set({ profileName: cached.identity.name ?? undefined, profileImage: cached.identity.avatar ?? undefined });
  let identity = cached && ctx.now() - cached.at < IDENTITY_CACHE_MS ? cached.identity : undefined;
  if (!identity) {
    try {
      const api = ctx.api;
      // The 5 minutes are the stored cache's (above): the query shares a read in flight and retries it.
      identity = await queryCacheOf(ctx).read(queryKey.identity(address), () => api.getIdentity(address), { staleMs: 0 });
      saveIdentity(ctx, key, identity);
    } catch (error) {
      console.warn('[cairn] identity unavailable:', errorMessage(error));
      return;
    }
  }
  if (account.get().address !== address) return;
  account.set({ profileName: identity.name ?? undefined, profileImage: identity.avatar ?? undefined });
}
