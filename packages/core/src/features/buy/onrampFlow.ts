// Buy's actions (SPEC §7 onramp), in a chunk of their own.
import { activeAccount, adapterFor, type CairnContext } from '../../context.ts';
import { createOnrampApi, fallbackOnrampOptions, type OnrampApi, type OnrampQuote } from '../../api/onrampApi.ts';
import { errorMessage } from '../../errors.ts';
import { formatUnits } from '../../format.ts';
import { HttpError } from '../../http.ts';
import { findNetwork } from '../../stores/network.ts';
import { transactionConfirmed } from '../activity/transactionConfirmed.ts';

/** How often, and how long, Buy looks for the bought coins to arrive. */
export const ONRAMP_WATCH_EVERY_MS = 1_000;
export const ONRAMP_WATCH_FOR_MS = 5 * 60_000;

const apis = new WeakMap<CairnContext, OnrampApi>();
const watches = new WeakMap<CairnContext, AbortController>();

function apiOf(ctx: CairnContext): OnrampApi | undefined {
  if (!ctx.options.api) return undefined;
  let api = apis.get(ctx);
  if (!api) apis.set(ctx, (api = createOnrampApi(ctx.options.api)));
  return api;
}

/** The card limits of the chosen currency: what Buy accepts as an amount. */
export function onrampLimits(ctx: CairnContext): { min: number; max: number } | undefined {
  const { options, currency } = ctx.onramp.get();
  const limit = options?.paymentCurrencies.find((entry) => entry.id === currency)?.limits.find((entry) => entry.id === 'card');
  return limit && { min: Number(limit.min), max: Number(limit.max) };
}

/** Whether the provider pays on the active network. */
export function onrampOffersNetwork(ctx: CairnContext): boolean {
  const network = findNetwork(ctx.network.get());
  return !!network && !!ctx.onramp.get().options?.purchaseCurrencies.some((currency) => currency.networks.some((entry) => entry.chainId === network.caipNetworkId));
}

/** Opens Buy: the provider's options (SPEC §8: the built-in defaults when they fail), then a quote. */
export async function prepareOnramp(ctx: CairnContext): Promise<void> {
  const network = findNetwork(ctx.network.get());
  const api = apiOf(ctx);
  if (!network || !api) return;
  if (!ctx.onramp.get().options) {
    try {
      const options = await api.options();
      ctx.onramp.set({ options, fallback: false, provider: options.providers?.[0]?.id });
    } catch (error) {
      console.warn('[cairn] onramp options unavailable, using the defaults', errorMessage(error));
      ctx.onramp.set({ options: fallbackOnrampOptions({ caipNetworkId: network.caipNetworkId, name: network.name, symbol: network.nativeCurrency.symbol }), fallback: true });
    }
  }
  await quoteOnramp(ctx);
}

/** The provider's quote for the amount; SPEC §8: a failed quote shows the placeholder. */
export async function quoteOnramp(ctx: CairnContext): Promise<void> {
  const network = findNetwork(ctx.network.get());
  const api = apiOf(ctx);
  const { amount, currency } = ctx.onramp.get();
  const limits = onrampLimits(ctx);
  const value = Number(amount);
  if (!network || !api) return;
  if (!limits || !/^\d+(\.\d{1,2})?$/.test(amount) || value < limits.min || value > limits.max) {
    ctx.onramp.set({ quote: undefined, error: limits ? `Enter an amount from ${limits.min} to ${limits.max} ${currency}` : undefined });
    return;
  }
  ctx.onramp.set({ quoting: true, error: undefined });
  // Every provider is quoted, so the visitor compares them; a server that names none gets one request.
  const providers: (string | undefined)[] = ctx.onramp.get().options?.providers?.map((provider) => provider.id) ?? [];
  if (providers.length === 0) providers.push(undefined);
  const body = { purchaseCurrency: network.nativeCurrency.symbol, paymentCurrency: currency, amount, network: network.caipNetworkId };
  const answers = await Promise.allSettled(providers.map((provider) => api.quote(provider ? { ...body, provider } : body)));
  const quotes: Record<string, OnrampQuote> = {};
  answers.forEach((answer, index) => {
    const provider = providers[index];
    if (answer.status === 'fulfilled' && provider) quotes[provider] = answer.value;
  });
  const chosen = ctx.onramp.get().provider;
  const first = answers[0]?.status === 'fulfilled' ? answers[0].value : undefined;
  const quote = chosen ? quotes[chosen] : first;
  if (ctx.onramp.get().amount !== amount || ctx.onramp.get().currency !== currency) return;
  ctx.onramp.set({ quotes, quote, quoteFailed: !quote, quoting: false });
}

/** The visitor chose another of the server's providers: its quote, already asked for, is the one shown and paid. */
export function chooseOnrampProvider(ctx: CairnContext, provider: string): void {
  const { options, quotes } = ctx.onramp.get();
  if (!options?.providers?.some((entry) => entry.id === provider)) throw new TypeError('onramp.setProvider: not a provider the server offers');
  ctx.onramp.set({ provider, quote: quotes[provider], quoteFailed: Object.keys(quotes).length > 0 && !quotes[provider] });
}

/**
 * Opens the provider's checkout in a popup for this wallet and amount, then watches the native
 * balance on the chain until the coins arrive (bounded), and refreshes Account.
 */
export async function startPurchase(ctx: CairnContext, openPopup: (url: string) => void): Promise<boolean> {
  const network = findNetwork(ctx.network.get());
  const account = activeAccount(ctx).get();
  const api = apiOf(ctx);
  const { amount, currency, provider } = ctx.onramp.get();
  if (!network || !api || !account.address || account.status !== 'connected') return false;
  const adapter = adapterFor(ctx, network.chainNamespace);
  try {
    const before = (await adapter.getBalance({ address: account.address, network })).value;
    const url = await api.checkoutUrl({ address: account.address, network: network.caipNetworkId, fiatAmount: amount, fiatCurrency: currency, ...(provider ? { provider } : {}) });
    openPopup(url);
    ctx.onramp.set({ status: 'waiting', arrived: undefined, error: undefined });
    watches.get(ctx)?.abort();
    const watch = new AbortController();
    watches.set(ctx, watch);
    const deadline = ctx.now() + ONRAMP_WATCH_FOR_MS;
    while (!watch.signal.aborted && ctx.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, ONRAMP_WATCH_EVERY_MS));
      const now = (await adapter.getBalance({ address: account.address, network }).catch(() => undefined))?.value;
      if (now !== undefined && now > before) {
        ctx.onramp.set({ status: 'arrived', arrived: formatUnits(now - before, network.nativeCurrency.decimals) });
        await transactionConfirmed(ctx, network);
        return true;
      }
    }
    if (!watch.signal.aborted) ctx.onramp.set({ status: 'timedOut' });
    return false;
  } catch (error) {
    ctx.onramp.set({ status: 'idle', error: error instanceof HttpError ? (error.detail ?? error.message) : errorMessage(error) });
    return false;
  }
}

/** Buy was left: the watch stops. */
export function stopWatching(ctx: CairnContext): void {
  watches.get(ctx)?.abort();
}
