// Account names' actions (SPEC §2 RegisterAccountName), in a chunk of their own.
import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { createProfileApi, type ProfileApi } from '../../api/profileApi.ts';
import { saveIdentity } from '../../cache/persistedCaches.ts';
import { queryCacheOf, queryKey } from '../../cache/queryCache.ts';
import { NAME_CACHE_MS } from '../../constants.ts';
import { ErrorText, errorMessage, isUserRejection } from '../../errors.ts';
import { HttpError } from '../../http.ts';
import { isValidNameLabel, nameRegistrationMessage, namesSupportedOn } from '../../rules/accountName.ts';
import { nameChoices } from '../../rules/nameChoices.ts';
import { findNetwork } from '../../stores/network.ts';
import { land } from '../../actions/land.ts';
import { shakeModal } from '../../actions/modal.ts';
import { NAME_RULE_TEXT } from './nameRuleText.ts';

/** How long the name field waits after the last keystroke before asking the server. */
export const NAME_SEARCH_DEBOUNCE_MS = 300;
export { NAME_RULE_TEXT };

const apis = new WeakMap<CairnContext, ProfileApi>();
const timers = new WeakMap<CairnContext, ReturnType<typeof setTimeout>>();

/** The site's server's name routes, when it has one. */
export function profileApiOf(ctx: CairnContext): ProfileApi | undefined {
  if (!ctx.options.api) return undefined;
  let api = apis.get(ctx);
  if (!api) apis.set(ctx, (api = createProfileApi(ctx.options.api)));
  return api;
}

/** SPEC §8: the server's first reason, else the default text of the call. */
const reasonOr = (error: unknown, fallback: string) => (error instanceof HttpError && error.detail ? error.detail : fallback);

/** Checks the typed label once typing pauses (or at once): free or not, and free names like it. */
export function scheduleNameSearch(ctx: CairnContext, { now = false } = {}): void {
  clearTimeout(timers.get(ctx));
  if (now) return void searchName(ctx);
  timers.set(ctx, setTimeout(() => void searchName(ctx), NAME_SEARCH_DEBOUNCE_MS));
}

export async function searchName(ctx: CairnContext): Promise<void> {
  const label = ctx.accountName.get().query.trim().toLowerCase();
  const api = profileApiOf(ctx);
  if (!isValidNameLabel(label) || !api) {
    ctx.accountName.set({ checking: false, available: undefined, taken: false, suggestions: [], error: label ? NAME_RULE_TEXT : undefined });
    return;
  }
  ctx.accountName.set({ checking: true, error: undefined });
  try {
    const names = await queryCacheOf(ctx).read(queryKey.nameSuggestions(label), () => api.suggestions(label), { staleMs: 0 });
    if (ctx.accountName.get().query.trim().toLowerCase() !== label) return;
    ctx.accountName.set({ checking: false, available: undefined, ...nameChoices(label, names) });
  } catch (error) {
    ctx.accountName.set({ checking: false, error: reasonOr(error, ErrorText.errorFetchingNameSuggestions) });
  }
}

/**
 * Registers `name` for the active address: the wallet signs the registration (name, address,
 * time, and the server's zone and single-use nonce), the server checks it. Success lands on RegisterAccountNameSuccess and Account shows the
 * name; a failure stays on RegisterAccountName with the reason (SPEC §8).
 */
export async function registerName(ctx: CairnContext, name: string): Promise<boolean> {
  const network = findNetwork(ctx.network.get());
  const account = activeAccount(ctx);
  const { address, connectorId } = account.get();
  const api = profileApiOf(ctx);
  const fail = (error: string) => {
    ctx.accountName.set({ registering: false, error });
    land(ctx, { kind: 'nameRegistrationFailed' });
    return false;
  };
  if (!network || !namesSupportedOn(network.chainNamespace)) return fail(ErrorText.networkNotFound);
  if (!address || !connectorId) return fail(ErrorText.addressOrAuthConnectorNotFound);
  if (!api) return fail(ErrorText.errorResolvingName);
  ctx.accountName.set({ registering: true, error: undefined });
  try {
    const { nonce, zone } = await api.registrationNonce();
    const message = nameRegistrationMessage({ address, name, nonce, timestamp: Math.floor(ctx.now() / 1000), zone });
    const signature = await adapterFor(ctx, network.chainNamespace).signMessage({ connectorId, address, message });
    const registered = await api.register({ address, message, signature });
    saveIdentity(ctx, address.toLowerCase(), { name: registered.name, avatar: account.get().profileImage ?? null });
    // The names read before it are out of date: the address now holds one more, and it is no longer free.
    for (const key of [queryKey.ownNames(address), queryKey.identity(address), queryKey.resolvedName(registered.name), queryKey.nameSuggestions('')]) queryCacheOf(ctx).invalidate(key);
    if (account.get().address === address) account.set({ profileName: registered.name });
    ctx.accountName.set({ registering: false, registered: registered.name, query: '', available: undefined, taken: false, suggestions: [] });
    land(ctx, { kind: 'nameRegistered' });
    return true;
  } catch (error) {
    console.warn('[cairn] name registration failed', error);
    if (isUserRejection(error)) shakeModal(ctx);
    return fail(isUserRejection(error) ? ErrorText.signatureDeclined : reasonOr(error, errorMessage(error)));
  }
}

/** The names the connected address already holds (SPEC §7 GET /v1/profile/reverse/{address}), for RegisterAccountName. */
export async function loadOwnNames(ctx: CairnContext): Promise<void> {
  const { address } = activeAccount(ctx).get();
  const api = profileApiOf(ctx);
  if (!address) return;
  if (!api) return ctx.accountName.set({ ownNames: undefined, ownNamesError: ErrorText.errorFetchingNamesForAddress });
  try {
    const profiles = await queryCacheOf(ctx).read(queryKey.ownNames(address), () => api.reverse(address), { staleMs: NAME_CACHE_MS });
    if (activeAccount(ctx).get().address !== address) return;
    ctx.accountName.set({ ownNames: profiles.map((profile) => profile.name), ownNamesError: undefined });
  } catch (error) {
    ctx.accountName.set({ ownNames: undefined, ownNamesError: reasonOr(error, ErrorText.errorFetchingNamesForAddress) });
  }
}

/** A typed receiver that is a name: the address it resolves to on eip155, or the SPEC §8 reason. */
export async function resolveName(ctx: CairnContext, name: string): Promise<{ address?: string; error?: string }> {
  const api = profileApiOf(ctx);
  if (!api) return { error: ErrorText.errorResolvingName };
  try {
    const typed = name.trim().toLowerCase();
    const profile = await queryCacheOf(ctx).read(queryKey.resolvedName(typed), () => api.resolve(typed), { staleMs: NAME_CACHE_MS });
    return { address: profile.addresses['60']?.address };
  } catch (error) {
    return { error: reasonOr(error, ErrorText.errorResolvingName) };
  }
}
