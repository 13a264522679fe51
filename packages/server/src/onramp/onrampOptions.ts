/** SPEC §7 /v1/onramp/options: what can be bought, with what, within which limits. */
export type PaymentMethod = 'card' | 'ach_bank_account';
export type OnrampOptions = {
  paymentMethods: { id: PaymentMethod; name: string }[];
  purchaseCurrencies: { id: string; name: string; symbol: string; networks: { name: string; chainId: string }[] }[];
  paymentCurrencies: { id: string; limits: { id: PaymentMethod; min: string; max: string }[] }[];
};

/** SPEC §8, §9: the options when the provider cannot answer: card 10 to 7500, bank account 10 to 25000, USD and EUR. */
export const FALLBACK_LIMITS: OnrampOptions['paymentCurrencies'][number]['limits'] = [
  { id: 'card', min: '10', max: '7500' },
  { id: 'ach_bank_account', min: '10', max: '25000' },
];

export function fallbackOptions(purchaseCurrencies: OnrampOptions['purchaseCurrencies']): OnrampOptions {
  return {
    paymentMethods: [
      { id: 'card', name: 'Card' },
      { id: 'ach_bank_account', name: 'Bank account' },
    ],
    purchaseCurrencies,
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, limits: FALLBACK_LIMITS })),
  };
}
