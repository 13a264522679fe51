import { formatUnits, shortenAddress } from '@cairn/core/rules';
import { findNetwork } from '@cairn/core/rules';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { SEND_CSS } from './sendCss.ts';
import { useT } from '../../i18n/useT.ts';

/** The review: what leaves, to whom, at what fee; Send asks the wallet. */
export default function SendPreviewView() {
  const cairn = useCairnInstance('SendPreviewView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.send);
  const network = findNetwork(useStoreState(cairn.stores.network));
  const summary = cairn.send.summary();
  if (!summary?.token || summary.amount === undefined || !summary.receiver) return <p className="lead">{t('common.nothingToReview')}</p>;
  const { token, amount, receiver } = summary;
  return (
    <div className="send-review">
      <style>{SEND_CSS}</style>
      <p className="send-review-amount" data-testid="send-preview-amount">{`${formatUnits(amount, token.decimals)} ${token.symbol}`}</p>
      <dl className="send-lines">
        <dt>{t('send.to')}</dt>
        <dd title={receiver}>{state.receiverProfileName ?? shortenAddress(receiver)}</dd>
        <dt>{t('common.network')}</dt>
        <dd>{network?.name ?? '—'}</dd>
        <dt>{t('common.networkFee')}</dt>
        <dd data-testid="send-preview-fee">{summary.feeText ?? '…'}</dd>
      </dl>
      {state.error && (
        <p className="send-error" role="alert" data-testid="send-error">
          {t(state.error)}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-autofocus
        aria-busy={state.loading || undefined}
        disabled={state.loading}
        onClick={() => void cairn.send.confirm()}
      >
        {state.loading ? t('common.confirmInYourWallet') : t('send.send')}
      </button>
    </div>
  );
}
