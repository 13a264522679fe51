import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fallbackOnrampOptions } from '../../api/onrampApi.ts';
import { walletListTestContext } from '../../testing/walletListTestContext.ts';
import { chooseOnrampProvider, onrampLimits, onrampOffersNetwork, prepareOnramp, quoteOnramp } from './onrampFlow.ts';

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

describe('onramp providers (SPEC §9: two, 1-2 % fees)', () => {
  it("quotes every provider the server names, shows the first's, and the visitor's choice shows its own", async () => {
    const providers = [
      { id: 'local', name: 'Cairn Local', feePercent: 1 },
      { id: 'local-express', name: 'Cairn Local Express', feePercent: 2 },
    ];
    const asked: unknown[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        if (request.url!.startsWith('/v1/onramp/options')) {
          return void response.end(JSON.stringify({ ...fallbackOnrampOptions({ caipNetworkId: 'eip155:1', name: 'Ethereum', symbol: 'ETH' }), providers }));
        }
        const { provider, amount } = JSON.parse(body) as { provider: string; amount: string };
        asked.push(provider);
        const percent = providers.find((entry) => entry.id === provider)!.feePercent;
        const money = (value: number) => ({ value: value.toFixed(2), currency: 'USD' });
        response.end(JSON.stringify({ paymentTotal: money(Number(amount)), paymentSubtotal: money(Number(amount) * (1 - percent / 100)), purchaseAmount: { value: (Number(amount) * (1 - percent / 100) / 2000).toString(), currency: 'ETH' }, fee: money(Number(amount) * percent / 100), networkFee: money(0) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { ctx } = walletListTestContext({ api: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, projectId: 'test' } });
      await prepareOnramp(ctx);
      expect(asked.sort()).toEqual(['local', 'local-express']);
      const state = () => ctx.onramp.get();
      expect([state().provider, state().quote?.fee.value, state().quotes['local-express']?.fee.value]).toEqual(['local', '1.00', '2.00']);
      chooseOnrampProvider(ctx, 'local-express');
      expect([state().quote?.purchaseAmount.value, state().quoteFailed]).toEqual(['0.049', false]);
      ctx.onramp.setAmount('50');
      await quoteOnramp(ctx);
      expect([state().provider, state().quote?.fee.value]).toEqual(['local-express', '1.00']);
      expect(() => chooseOnrampProvider(ctx, 'coinbase')).toThrow('not a provider the server offers');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
