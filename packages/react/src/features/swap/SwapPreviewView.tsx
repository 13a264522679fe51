import { formatAmount, formatUnits, formatUsd } from '@cairn/core/rules';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { SWAP_CSS } from './swapCss.ts';
import { HIGH_PRICE_IMPACT, percent, rateText } from './swapText.ts';
import { msg, useT } from '../../i18n/useT.ts';

const STEP_TEXT = {
  approving: msg('Approve in your wallet…'),
  swapping: msg('Confirm in your wallet…'),
} as const;

/** The review: what leaves, what arrives at worst, the fee; approves the router first when needed. */
export default function SwapPreviewView() {
  const cairn = useCairnInstance('SwapPreviewView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.swap);
  const summary = cairn.swap.summary();
  if (!summary?.source || !summary.to || summary.amount === undefined || summary.toAmountText === undefined) return <p className="lead">{t('Nothing to review.')}</p>;
  const { source, to, amount } = summary;
  const busy = state.step !== undefined;
  return (
    <div className="swap">
      <style>{SWAP_CSS}</style>
      <p className="swap-review-amount" data-testid="swap-preview">
        {`${formatUnits(amount, source.decimals)} ${source.symbol} → ${formatAmount(summary.toAmountText)} ${to.symbol}`}
      </p>
      <dl className="swap-lines">
        <dt>{t('Rate')}</dt>
        <dd>{rateText(summary.rate)}</dd>
        <dt>{t('Price impact')}</dt>
        <dd className={(summary.priceImpact ?? 0) > HIGH_PRICE_IMPACT ? 'swap-warning' : undefined}>{percent(summary.priceImpact ?? 0)}</dd>
        <dt>{t('Minimum received')}</dt>
        <dd data-testid="swap-minimum">{`${formatAmount(summary.minimumReceivedText ?? '0')} ${to.symbol}`}</dd>
        <dt>{t('Slippage')}</dt>
        <dd>{percent(state.slippage)}</dd>
        <dt>{t('Network fee')}</dt>
        <dd>{summary.feeUsd !== undefined ? formatUsd(summary.feeUsd) : summary.needsApproval ? t('After approval') : '—'}</dd>
      </dl>
      {summary.needsApproval && <p className="lead">{t('First, allow the exchange to use {amount} {symbol}.', { amount: formatUnits(amount, source.decimals), symbol: source.symbol })}</p>}
      {state.error && (
        <p className="swap-error" role="alert" data-testid="swap-error">
          {t(state.error)}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-autofocus
        data-testid="swap-confirm"
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => void cairn.swap.confirm()}
      >
        {state.step ? t(STEP_TEXT[state.step]) : summary.needsApproval ? t('Approve {symbol}', { symbol: source.symbol }) : t('Swap')}
      </button>
    </div>
  );
}
