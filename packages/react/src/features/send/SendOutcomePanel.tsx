import { SEND_OUTCOME_TEXTS, shortenAddress, type SendOutcome } from '@cairn/core/rules';
import { AlertIcon, CheckIcon, ExternalLinkIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/useT.ts';

export interface SendOutcomePanelProps {
  outcome: SendOutcome;
  receiverName?: string;
  onDone(): void;
  onRetry(): void;
}

/** How the send goes: pending, confirmed or failed (with the node's reason), and its explorer page. */
export function SendOutcomePanel({ outcome, receiverName, onDone, onRetry }: SendOutcomePanelProps) {
  const { t } = useT();
  return (
    <div className="send-outcome" data-testid="send-outcome" data-status={outcome.status}>
      <span className="send-outcome-icon" aria-hidden="true">
        {outcome.status === 'pending' ? <span className="spinner" /> : outcome.status === 'confirmed' ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
      </span>
      <p className="headline" role="status" data-testid="send-outcome-status">
        {t(SEND_OUTCOME_TEXTS[outcome.status])}
      </p>
      <p className="send-outcome-amount">{`${outcome.amountText} ${outcome.symbol}`}</p>
      <dl className="send-lines">
        <dt>{t('send.to')}</dt>
        <dd title={outcome.receiver}>{receiverName ?? shortenAddress(outcome.receiver)}</dd>
      </dl>
      {outcome.reason && (
        <p className="send-error" data-testid="send-outcome-reason">
          {t(outcome.reason)}
        </p>
      )}
      {outcome.explorer && (
        <a className="send-outcome-link" href={outcome.explorer.url} target="_blank" rel="noopener noreferrer" data-testid="send-explorer-link">
          {t('common.viewOnExplorer', { explorer: outcome.explorer.name })}
          <ExternalLinkIcon size={14} />
        </a>
      )}
      <div className="send-outcome-actions">
        {outcome.status === 'failed' && (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        )}
        <button type="button" className="btn btn-primary" data-autofocus onClick={onDone}>
          {t('common.done')}
        </button>
      </div>
    </div>
  );
}
