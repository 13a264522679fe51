import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatEther, getAddress } from 'viem';
import { ApiError } from '../http/errors.ts';
import { addressSchema, caip2ChainIdSchema } from '../http/schemas.ts';
import { DailyCapReached } from '../limits/dailyCaps.ts';
import { checkoutPage, errorPage, paidPage } from '../onramp/checkoutPage.ts';
import { checkoutSessions, LocalOnramp } from '../onramp/localOnramp.ts';
import { ONRAMP_ERRORS } from '../onramp/onrampErrors.ts';
import { FALLBACK_LIMITS, fallbackOptions } from '../onramp/onrampOptions.ts';
import { payoutScope } from '../onramp/payoutCaps.ts';
import { LOCAL_ONRAMP_PROVIDERS, type OnrampProvider } from '../onramp/onrampProviders.ts';
import { clientNetwork } from '../http/clientNetwork.ts';
import type { ServerServices } from '../services.ts';

const currencySchema = { type: 'string', enum: ['USD', 'EUR'], description: '"USD" or "EUR"' } as const;
const amountSchema = { type: ['number', 'string'], pattern: '^[0-9]{1,7}(\\.[0-9]{1,2})?$', description: 'an amount of money such as 100 or 99.50' } as const;
const providerSchema = { type: 'string', enum: LOCAL_ONRAMP_PROVIDERS.map((provider) => provider.id), description: `one of the ids /v1/onramp/options lists (${LOCAL_ONRAMP_PROVIDERS.map((provider) => `"${provider.id}"`).join(', ')})` } as const;
const CHECKOUT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * SPEC §7 onramp: options, quotes and a checkout URL, from the built-in local providers (test
 * networks; SPEC §9: two, charging 1 and 2 %). A request names its provider; the first is the default.
 */
export function registerOnramp(app: FastifyInstance, services: ServerServices): void {
  const funders = new Map([...services.chains.values()].flatMap((chain) => (chain.config.onrampFunderKey ? [[chain.config.chainId, chain.config.onrampFunderKey] as const] : [])));
  const sessions = checkoutSessions();
  const providers: ReadonlyMap<string, OnrampProvider> = new Map(LOCAL_ONRAMP_PROVIDERS.map((profile) => [profile.id, new LocalOnramp(services, funders, profile, sessions)]));
  const defaultProvider = providers.get(LOCAL_ONRAMP_PROVIDERS[0]!.id)!;
  // The schema allows only known ids: an unknown one never reaches here.
  const providerOf = (id: string | undefined) => (id === undefined ? defaultProvider : providers.get(id)!);
  const offered = (provider: OnrampProvider, caip2: string) => {
    const chain = provider.chains().find((candidate) => candidate.caip2 === caip2);
    if (!chain) throw new ApiError(400, ONRAMP_ERRORS.networkNotOffered(caip2), 'network');
    return chain;
  };
  const checkAmount = (amount: number, currency: string) => {
    const card = FALLBACK_LIMITS[0]!;
    if (!(amount >= Number(card.min) && amount <= Number(card.max))) throw new ApiError(400, ONRAMP_ERRORS.outOfLimits(card.min, card.max, currency), 'amount');
  };
  const access = (query: unknown) => {
    const { projectId = '', st = '', sv = '' } = query as Record<string, string>;
    return new URLSearchParams({ projectId, st, sv }).toString();
  };

  app.get('/v1/onramp/options', async () => ({
    ...fallbackOptions([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: defaultProvider.chains().map((chain) => ({ name: services.networks.get(chain.caip2)?.name ?? chain.caip2, chainId: chain.caip2 })),
      },
    ]),
    providers: [...providers.values()].map(({ id, name, feePercent }) => ({ id, name, feePercent })),
  }));

  app.post<{ Body: { purchaseCurrency: string; paymentCurrency: 'USD' | 'EUR'; amount: number | string; network: string; provider?: string } }>(
    '/v1/onramp/quote',
    {
      schema: {
        body: {
          type: 'object',
          required: ['purchaseCurrency', 'paymentCurrency', 'amount', 'network'],
          properties: {
            purchaseCurrency: { type: 'string', enum: ['ETH'], description: '"ETH"' },
            paymentCurrency: currencySchema,
            amount: amountSchema,
            network: caip2ChainIdSchema,
            provider: providerSchema,
            projectId: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const { paymentCurrency, network } = request.body;
      const amount = Number(request.body.amount);
      checkAmount(amount, paymentCurrency);
      const provider = providerOf(request.body.provider);
      const quote = await provider.quote(offered(provider, network), amount, paymentCurrency);
      const money = (value: number) => ({ value: value.toFixed(2), currency: paymentCurrency });
      return {
        paymentTotal: money(amount),
        paymentSubtotal: money(amount - quote.fee),
        purchaseAmount: { value: formatEther(quote.cryptoAmount), currency: 'ETH' },
        fee: money(quote.fee),
        networkFee: money(0),
        provider: { id: provider.id, name: provider.name },
      };
    },
  );

  app.post<{ Body: { destinationWallets: { address: string }[]; defaultNetwork: string; presetFiatAmount: number | string; fiatCurrency?: 'USD' | 'EUR'; provider?: string } }>(
    '/v1/generators/onrampurl',
    {
      schema: {
        body: {
          type: 'object',
          required: ['destinationWallets', 'defaultNetwork', 'presetFiatAmount'],
          properties: {
            destinationWallets: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'object', required: ['address'], properties: { address: addressSchema } } },
            defaultNetwork: caip2ChainIdSchema,
            partnerUserId: { type: 'string', maxLength: 200 },
            defaultExperience: { type: 'string', enum: ['buy'] },
            presetCryptoAmount: { type: ['number', 'string'] },
            presetFiatAmount: amountSchema,
            fiatCurrency: currencySchema,
            provider: providerSchema,
            projectId: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const { defaultNetwork, fiatCurrency = 'USD' } = request.body;
      const amount = Number(request.body.presetFiatAmount);
      checkAmount(amount, fiatCurrency);
      const provider = providerOf(request.body.provider);
      const chain = offered(provider, defaultNetwork);
      const session = await provider.open(chain, getAddress(request.body.destinationWallets[0]!.address), amount, fiatCurrency);
      // Issue 22 item 13: never the request's Host, which whoever sends the request chooses.
      return { url: `${services.config.onramp.checkoutBaseUrl}/onramp/checkout/${session.id}?${access(request.query)}` };
    },
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', CHECKOUT_CSP).header('cache-control', 'no-store').send(body);
  const sessionParams = { type: 'object', required: ['session'], properties: { session: { type: 'string', format: 'uuid' } } } as const;

  app.get<{ Params: { session: string } }>('/onramp/checkout/:session', { schema: { params: sessionParams } }, async (request, reply) => {
    const session = sessions.get(request.params.session);
    if (!session) return html(reply, 404, errorPage(ONRAMP_ERRORS.sessionUnknown));
    const { quote } = session;
    const quoteText = `You get ${formatEther(quote.cryptoAmount)} ETH (fee ${quote.fee.toFixed(2)} ${session.fiatCurrency})`;
    return html(reply, 200, checkoutPage(session, quoteText, `/onramp/checkout/${session.id}?${access(request.query)}`));
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post<{ Params: { session: string }; Body: { card?: string } }>('/onramp/checkout/:session', { schema: { params: sessionParams }, config: { formBody: true } }, async (request, reply) => {
    const session = sessions.get(request.params.session);
    if (!session) return html(reply, 404, errorPage(ONRAMP_ERRORS.sessionUnknown));
    const provider = providerOf(session.provider.id);
    const card = String(request.body?.card ?? '').replace(/ /g, '');
    if (!/^\d{12,19}$/.test(card)) return html(reply, 400, errorPage(ONRAMP_ERRORS.cardInvalid));
    try {
      const payment = await provider.pay(session, clientNetwork(request.ip));
      return html(reply, 200, paidPage(`${formatEther(payment.amount)} ETH`, payment.hash));
    } catch (error) {
      if (!(error instanceof DailyCapReached)) throw error;
      return html(reply, 429, errorPage(ONRAMP_ERRORS.payoutCap(payoutScope(error.cap), error.cap.max)));
    }
  });
}
