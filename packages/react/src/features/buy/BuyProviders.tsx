import type { OnrampState } from '@cairn/core';
import { useId } from 'react';
import { useT } from '../../i18n/useT.ts';

/** The server's onramp providers side by side, each with its quote for the amount: the visitor picks one, and it is the one that pays. */
export function BuyProviders({ state, onChoose }: { state: OnrampState; onChoose: (provider: string) => void }) {
  const { t } = useT();
  const name = useId();
  const providers = state.options?.providers ?? [];
  if (providers.length < 2) return null;
  return (
    <fieldset className="buy-providers">
      <legend>{t('buy.provider')}</legend>
      {providers.map((provider) => {
        const quote = state.quotes[provider.id];
        return (
          <label key={provider.id} className="buy-provider" data-testid="buy-provider">
            <input type="radio" name={name} value={provider.id} checked={state.provider === provider.id} onChange={() => onChoose(provider.id)} />
            <span className="buy-provider-name">{provider.name}</span>
            <span className="buy-provider-quote">
              {quote ? `${quote.purchaseAmount.value} ${quote.purchaseAmount.currency} · ${t('buy.fee')} ${quote.fee.value} ${quote.fee.currency}` : state.quoting ? '…' : '—'}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
