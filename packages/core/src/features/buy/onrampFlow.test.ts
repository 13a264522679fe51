import { describe, expect, it } from 'vitest';
import { walletListTestContext } from '../../testing/walletListTestContext.ts';
import { onrampLimits, onrampOffersNetwork, prepareOnramp, quoteOnramp } from './onrampFlow.ts';

const api = { url: 'http://127.0.0.1:1', projectId: 'test' };

describe('onramp flow', () => {
  it('falls back to SPEC §9 options when the server cannot answer, and shows the placeholder quote', async () => {
    const { ctx } = walletListTestContext({ api });
    await prepareOnramp(ctx);
    const state = ctx.onramp.get();
    expect(state.fallback).toBe(true);
    expect(state.options?.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR']);
    expect(onrampLimits(ctx)).toEqual({ min: 10, max: 7500 });
    expect(onrampOffersNetwork(ctx)).toBe(true);
    expect([state.quote, state.quoteFailed]).toEqual([undefined, true]);
  });

  it('refuses an amount outside the card limits before asking for a quote', async () => {
    const { ctx } = walletListTestContext({ api });
    await prepareOnramp(ctx);
    for (const amount of ['5', '7500.01', 'abc', '1e3', '']) {
      ctx.onramp.setAmount(amount);
      await quoteOnramp(ctx);
      expect(ctx.onramp.get().error, amount).toBe('Enter an amount from 10 to 7500 USD');
    }
  });
});
