import { formatAmount, formatUnits, formatUsd } from '@cairn/core/rules';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { SWAP_CSS } from './swapCss.ts';
import { HIGH_PRICE_IMPACT, percent, rateText } from './swapText.ts';
import { msg, useT } from '../../i18n/useT.ts';

const STEP_TEXT = {
  approving: msg('swap.approveInYourWallet'),
  swapping: msg('common.confirmInYourWallet'),
} as const;

/** The review: what leaves, what arrives at worst, the fee; approves the router first when needed. */
export default function SwapPreviewView() {
  const cairn = useCairnInstance('SwapPreviewView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.swap);
  const summary = cairn.swap.summary();
  if (!summary?.source || !summary.to || summary.amount === undefined || summary.toAmountText === undefined) return <p className="lead">{t('common.nothingToReview')}</p>;
  const { source, to, amount } = summary;
  const busy = state.step !== undefined;
  return (
    <div className="swap">
      <style>{SWAP_CSS}</style>
      <p className="swap-review-amount" data-testid="swap-preview">
        {`${formatUnits(amount, source.decimals)} ${source.symbol} → ${formatAmount(summary.toAmountText)} ${to.symbol}`}
      </p>
      <dl className="swap-lines">
        <dt>{t('swap.rate')}</dt>
        <dd>{rateText(summary.rate)}</dd>
        <dt>{t('swap.priceImpact')}</dt>
        <dd className={(summary.priceImpact ?? 0) > HIGH_PRICE_IMPACT ? 'swap-warning' : undefined}>{percent(summary.priceImpact ?? 0)}</dd>
        <dt>{t('swap.minimumReceived')}</dt>
        <dd data-testid="swap-minimum">{`${formatAmount(summary.minimumReceivedText ?? '0')} ${to.symbol}`}</dd>
        <dt>{t('swap.slippage')}</dt>
        <dd>{percent(state.slippage)}</dd>
        <dt>{t('common.networkFee')}</dt>
        <dd>{summary.feeUsd !== undefined ? formatUsd(summary.feeUsd) : summary.needsApproval ? t('swap.afterApproval') : '—'}</dd>
      </dl>
      {summary.needsApproval && <p className="lead">{t('swap.firstAllowTheExchange', { amount: formatUnits(amount, source.decimals), symbol: source.symbol })}</p>}
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
        {state.step ? t(STEP_TEXT[state.step]) : summary.needsApproval ? t('swap.approveSymbol', { symbol: source.symbol }) : t('swap.swap')}
      </button>
    </div>
  );
}
