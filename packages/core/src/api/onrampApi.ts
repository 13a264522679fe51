import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import type { ApiConfig } from './apiConfig.ts';
import { getJson, parseResponse, postJson } from './getJson.ts';

/** SPEC §7 onramp: the wire shapes, checked on arrival. */
const text = v.pipe(v.string(), v.maxLength(100));
const decimalText = v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,18})?$/));
const limitSchema = v.object({ id: text, min: decimalText, max: decimalText });
export const onrampOptionsSchema = v.object({
  paymentMethods: v.pipe(v.array(v.object({ id: text, name: text })), v.maxLength(20)),
  purchaseCurrencies: v.pipe(v.array(v.object({ id: text, name: text, symbol: text, networks: v.pipe(v.array(v.object({ name: text, chainId: text })), v.maxLength(100)) })), v.maxLength(100)),
  paymentCurrencies: v.pipe(v.array(v.object({ id: text, limits: v.pipe(v.array(limitSchema), v.maxLength(10)) })), v.maxLength(50)),
  /** The server's providers, each quoted for the visitor to choose (SPEC §9: two, 1-2 % fees); none in the built-in defaults. */
  providers: v.optional(v.pipe(v.array(v.object({ id: text, name: text, feePercent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)) })), v.maxLength(10))),
});
export type OnrampOptions = v.InferOutput<typeof onrampOptionsSchema>;
const money = v.object({ value: decimalText, currency: text });
export const onrampQuoteSchema = v.object({ paymentTotal: money, paymentSubtotal: money, purchaseAmount: money, fee: money, networkFee: money, provider: v.optional(v.object({ id: text, name: text })) });
export type OnrampQuote = v.InferOutput<typeof onrampQuoteSchema>;

/** SPEC §8, §9: the options when the server's cannot be read: card 10 to 7500, bank account 10 to 25000, USD and EUR. */
export function fallbackOnrampOptions(network: { caipNetworkId: string; name: string; symbol: string }): OnrampOptions {
  const limits = [
    { id: 'card', min: '10', max: '7500' },
    { id: 'ach_bank_account', min: '10', max: '25000' },
  ];
  return {
    paymentMethods: [
      { id: 'card', name: 'Card' },
      { id: 'ach_bank_account', name: 'Bank account' },
    ],
    purchaseCurrencies: [{ id: network.symbol, name: network.symbol, symbol: network.symbol, networks: [{ name: network.name, chainId: network.caipNetworkId }] }],
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, limits })),
  };
}

export interface OnrampApi {
  options(): Promise<OnrampOptions>;
  /** `provider`: one of the options' providers; the server's default without it. */
  quote(body: { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string; provider?: string }): Promise<OnrampQuote>;
  /** The provider's checkout URL for this wallet and amount. */
  checkoutUrl(body: { address: string; network: string; fiatAmount: string; fiatCurrency: string; provider?: string }): Promise<string>;
}

export function createOnrampApi(config: ApiConfig, fetchOptions: FetchOptions = {}): OnrampApi {
  return {
    options: () => getJson(config, fetchOptions, '/v1/onramp/options', {}, (body) => parseResponse(onrampOptionsSchema, body, '/v1/onramp/options')),
    quote: (body) => postJson(config, fetchOptions, '/v1/onramp/quote', { ...body, projectId: config.projectId }, (raw) => parseResponse(onrampQuoteSchema, raw, '/v1/onramp/quote')),
    async checkoutUrl({ address, network, fiatAmount, fiatCurrency, provider }) {
      const body = {
        destinationWallets: [{ address }],
        defaultNetwork: network,
        partnerUserId: address,
        defaultExperience: 'buy',
        presetFiatAmount: fiatAmount,
        fiatCurrency,
        ...(provider ? { provider } : {}),
        projectId: config.projectId,
      };
      const path = '/v1/generators/onrampurl';
      const { url } = await postJson(config, fetchOptions, path, body, (raw) => parseResponse(v.object({ url: v.pipe(v.string(), v.url(), v.maxLength(2048)) }), raw, path));
      if (!/^https?:\/\//i.test(url)) throw new Error(`Unexpected response from ${path}: not an http(s) URL`);
      return url;
    },
  };
}
