import { formatAmount, formatUsd } from '@cairn/core/rules';
import { useEffect, useId } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { SWAP_CSS } from './swapCss.ts';
import { HIGH_PRICE_IMPACT, percent, rateText } from './swapText.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { msg, useT } from '../../i18n/useT.ts';

const SLIPPAGE_PRESETS = [0.1, 0.5, 1];

/** SPEC §2 Swap: a pair of tokens, an amount, a live quote, price impact, slippage and the fee. */
export default function SwapView() {
  const cairn = useCairnInstance('SwapView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.swap);
  useActiveAccount(cairn); // balances feed the summary
  useStoreState(cairn.stores.network);
  const ids = { source: useId(), to: useId(), amount: useId(), slippage: useId(), error: useId() };

  useEffect(() => {
    void cairn.swap.prepare();
  }, [cairn]);

  const summary = cairn.swap.summary();
  if (!summary || state.loadingTokens || (!state.tokens && !state.error)) {
    return <LoadingLine />;
  }
  const tokens = state.tokens ?? [];
  const { source, to } = summary;
  const shownError = state.error ?? (state.sourceTokenAmount ? summary.error : undefined);
  const impactHigh = (summary.priceImpact ?? 0) > HIGH_PRICE_IMPACT;
  if (tokens.length < 2) {
    return (
      <p className="swap-error" role="alert" data-testid="swap-error">
        {t(state.error ?? msg('swap.nothingToSwapOn'))}
      </p>
    );
  }
  const tokenOptions = tokens.map((token) => (
    <option key={token.address} value={token.address}>
      {token.symbol}
    </option>
  ));
  return (
    <form
      className="swap"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void cairn.swap.review();
      }}
    >
      <style>{SWAP_CSS}</style>
      <div className="swap-side">
        <div className="swap-side-head">
          <label htmlFor={ids.amount}>{t('swap.youPay')}</label>
          <span data-testid="swap-source-balance">{t('swap.balanceAmount', { amount: formatAmount(summary.sourceBalanceText) })}</span>
        </div>
        <div className="swap-row">
          <input
            id={ids.amount}
            className="swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            data-autofocus
            value={state.sourceTokenAmount ?? ''}
            aria-describedby={shownError ? ids.error : undefined}
            onChange={(event) => cairn.swap.setAmount(event.target.value)}
          />
          <select aria-label={t('swap.tokenToPay')} id={ids.source} value={state.sourceToken ?? ''} onChange={(event) => cairn.swap.setToken('source', event.target.value)}>
            {tokenOptions}
          </select>
          <button type="button" className="btn btn-secondary" onClick={() => void cairn.swap.setMax()}>
            {t('common.max')}
          </button>
        </div>
      </div>
      <button type="button" className="btn btn-secondary swap-flip" aria-label={t('swap.switchTokens')} onClick={() => cairn.swap.flip()}>
        ⇅
      </button>
      <div className="swap-side">
        <div className="swap-side-head">
          <label htmlFor={ids.to}>{t('swap.youReceive')}</label>
        </div>
        <div className="swap-row">
          <output className="swap-amount" aria-live="polite" data-testid="swap-to-amount">
            {state.loadingQuote ? '…' : summary.toAmountText !== undefined ? formatAmount(summary.toAmountText) : '0.0'}
          </output>
          <select id={ids.to} value={state.toToken ?? ''} onChange={(event) => cairn.swap.setToken('to', event.target.value)}>
            {tokenOptions}
          </select>
        </div>
      </div>
      <dl className="swap-lines">
        <dt>{t('swap.rate')}</dt>
        <dd data-testid="swap-rate">{rateText(summary.rate)}</dd>
        <dt>{t('swap.priceImpact')}</dt>
        <dd className={impactHigh ? 'swap-warning' : undefined} data-testid="swap-price-impact">
          {summary.priceImpact !== undefined ? percent(summary.priceImpact) : '—'}
        </dd>
        <dt>{t('common.networkFee')}</dt>
        <dd data-testid="swap-fee">{summary.feeUsd !== undefined ? formatUsd(summary.feeUsd) : summary.needsApproval ? t('swap.afterApproval') : '—'}</dd>
      </dl>
      <fieldset className="swap-slippage" style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend style={{ float: 'left', marginRight: 6, color: 'var(--cairn-muted)' }}>{t('swap.slippage')}</legend>
        {SLIPPAGE_PRESETS.map((preset) => (
          <button key={preset} type="button" className="btn btn-secondary" aria-pressed={state.slippage === preset} onClick={() => cairn.swap.setSlippage(preset)}>
            {percent(preset)}
          </button>
        ))}
        <input
          id={ids.slippage}
          aria-label={t('swap.customSlippageInPercent')}
          inputMode="decimal"
          value={SLIPPAGE_PRESETS.includes(state.slippage) ? '' : String(state.slippage)}
          placeholder={t('swap.custom')}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(value) && value >= 0 && value <= 50) cairn.swap.setSlippage(value);
          }}
        />
      </fieldset>
      {shownError && (
        <p className="swap-error" id={ids.error} role="alert" data-testid="swap-error">
          {t(shownError)}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={state.loadingQuote || !source || !to} data-testid="swap-review">
        {summary.needsApproval ? t('swap.approveAndSwapSymbol', { symbol: source?.symbol ?? '' }) : t('swap.reviewSwap')}
      </button>
    </form>
  );
}
