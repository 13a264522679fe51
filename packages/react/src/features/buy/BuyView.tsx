import { findNetwork } from '@cairn/core/rules';
import { useEffect, useId } from 'react';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { BUY_CSS } from './buyCss.ts';
import { BuyProviders } from './BuyProviders.tsx';
import { useT } from '../../i18n/useT.ts';

const PRESETS = ['50', '100', '250'];

/** Buy crypto (SPEC §7 onramp): amount and currency, the provider's quote with its fee, its checkout in a popup, the coins arriving. */
export default function BuyView() {
  const cairn = useCairnInstance('BuyView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.onramp);
  const network = findNetwork(useStoreState(cairn.stores.network));
  const ids = { amount: useId(), currency: useId(), error: useId() };

  useEffect(() => {
    void cairn.onramp.prepare();
    return () => cairn.onramp.stop();
  }, [cairn]);

  const limits = cairn.onramp.limits();
  if (!state.options || !limits) return <LoadingLine />;
  const symbol = network?.nativeCurrency.symbol ?? '';
  if (!limits.offered) {
    return (
      <p className="buy-error" role="alert" data-testid="buy-error">
        {t('buy.buyingSymbolIsNot', { symbol, network: network?.name ?? t('buy.thisNetwork') })}
      </p>
    );
  }
  if (state.status === 'arrived') {
    return (
      <div className="buy">
        <style>{BUY_CSS}</style>
        <p className="buy-result" data-testid="buy-arrived">{`+${state.arrived ?? '0'} ${symbol}`}</p>
        <p className="lead">{t('buy.theCoinsYouBought')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => cairn.stores.router.reset('Account')}>
          {t('common.done')}
        </button>
      </div>
    );
  }
  const { quote } = state;
  return (
    <form
      className="buy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void cairn.onramp.buy();
      }}
    >
      <style>{BUY_CSS}</style>
      <label htmlFor={ids.amount}>{t('common.amount')}</label>
      <div className="buy-row">
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          value={state.amount}
          aria-describedby={state.error ? ids.error : undefined}
          onChange={(event) => void cairn.onramp.setAmount(event.target.value)}
        />
        <select id={ids.currency} aria-label={t('buy.currency')} value={state.currency} onChange={(event) => void cairn.onramp.setCurrency(event.target.value)}>
          {state.options.paymentCurrencies.map((currency) => (
            <option key={currency.id} value={currency.id}>
              {currency.id}
            </option>
          ))}
        </select>
      </div>
      <div className="buy-presets">
        {PRESETS.map((preset) => (
          <button key={preset} type="button" className="btn btn-secondary" aria-pressed={state.amount === preset} onClick={() => void cairn.onramp.setAmount(preset)}>
            {`${preset} ${state.currency}`}
          </button>
        ))}
      </div>
      <BuyProviders state={state} onChoose={(provider) => void cairn.onramp.setProvider(provider)} />
      <dl className="buy-lines">
        <dt>{t('buy.youGet')}</dt>
        <dd data-testid="buy-quote">{quote ? `${quote.purchaseAmount.value} ${quote.purchaseAmount.currency}` : state.quoting ? '…' : '—'}</dd>
        <dt>{t('buy.fee')}</dt>
        <dd data-testid="buy-fee">{quote ? `${quote.fee.value} ${quote.fee.currency}` : '—'}</dd>
        <dt>{t('common.network')}</dt>
        <dd>{network?.name ?? '—'}</dd>
      </dl>
      {state.quoteFailed && <p className="lead">{t('buy.theProviderGivesThe')}</p>}
      {state.error && (
        <p className="buy-error" id={ids.error} role="alert" data-testid="buy-error">
          {t(state.error)}
        </p>
      )}
      {state.status === 'waiting' && (
        <p className="status-line" role="status" data-testid="buy-waiting">
          <span className="spinner" aria-hidden="true" /> {t('buy.waitingForYourPurchase')}
        </p>
      )}
      {state.status === 'timedOut' && <p className="lead">{t('buy.nothingHasArrivedYet')}</p>}
      <button type="submit" className="btn btn-primary btn-block" data-testid="buy-continue" disabled={state.status === 'waiting' || !!state.error}>
        {t('buy.buySymbol', { symbol })}
      </button>
    </form>
  );
}
