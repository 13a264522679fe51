import { formatAmount, formatUsd, shortenAddress } from '@cairn/core/rules';
import { useEffect, useId } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { SEND_CSS } from './sendCss.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { useT } from '../../i18n/useT.ts';
import { SendOutcomePanel } from './SendOutcomePanel.tsx';

/** SPEC §5, §8: what to send, how much, to whom, at what fee; the wallet is asked on review; then how it went. */
export default function SendView() {
  const cairn = useCairnInstance('SendView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.send);
  useActiveAccount(cairn); // balances feed the summary
  const ids = { token: useId(), amount: useId(), amountError: useId(), receiver: useId(), receiverError: useId(), error: useId() };

  useEffect(() => {
    void cairn.send.prepare();
  }, [cairn]);
  useEffect(() => {
    if (state.receiverAddress) void cairn.send.lookupReceiver();
  }, [cairn, state.receiverAddress]);

  const summary = cairn.send.summary();
  const tokens = cairn.send.tokens();
  if (state.outcome) {
    return (
      <>
        <style>{SEND_CSS}</style>
        <SendOutcomePanel
          outcome={state.outcome}
          {...(state.receiverProfileName ? { receiverName: state.receiverProfileName } : {})}
          onDone={() => void cairn.send.done()}
          onRetry={() => cairn.send.retry()}
        />
      </>
    );
  }
  if (!summary) {
    return <LoadingLine />;
  }
  const { token, fields } = summary;
  const error = state.error;
  return (
    <form
      className="send"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void cairn.send.review();
      }}
    >
      <style>{SEND_CSS}</style>
      <div className="send-field">
        <label htmlFor={ids.token}>{t('send.token')}</label>
        <select
          id={ids.token}
          value={state.tokenAddress ?? ''}
          onChange={(event) => {
            cairn.stores.send.setToken(event.target.value || undefined);
            void cairn.send.prepare();
          }}
        >
          {tokens.map((candidate) => (
            <option key={candidate.address ?? 'native'} value={candidate.address ?? ''}>
              {`${candidate.symbol} (${formatAmount(candidate.balance)})`}
            </option>
          ))}
        </select>
      </div>
      <div className="send-field">
        <label htmlFor={ids.amount}>{t('common.amount')}</label>
        <span className="send-amount">
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            data-autofocus
            value={state.sendTokenAmount ?? ''}
            aria-invalid={fields.amount ? true : undefined}
            aria-describedby={fields.amount ? ids.amountError : undefined}
            onChange={(event) => cairn.stores.send.setAmount(event.target.value)}
          />
          <button type="button" className="btn btn-secondary" onClick={() => void cairn.send.setMax()}>
            {t('common.max')}
          </button>
        </span>
        {fields.amount && (
          <p className="send-error" id={ids.amountError} data-testid="send-amount-error">
            {t(fields.amount)}
          </p>
        )}
      </div>
      <div className="send-field">
        <label htmlFor={ids.receiver}>{t('send.to')}</label>
        <input
          id={ids.receiver}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={state.receiverAddress ?? ''}
          aria-invalid={fields.receiver ? true : undefined}
          aria-describedby={fields.receiver ? ids.receiverError : undefined}
          onChange={(event) => cairn.stores.send.setReceiver(event.target.value)}
        />
        {fields.receiver && (
          <p className="send-error" id={ids.receiverError} data-testid="send-receiver-error">
            {t(fields.receiver)}
          </p>
        )}
      </div>
      {summary.receiver && (
        <p className="send-receiver" data-testid="send-receiver">
          {state.receiverProfileImage && <img src={state.receiverProfileImage} alt="" />}
          {state.receiverProfileName ? `${state.receiverProfileName} (${shortenAddress(summary.receiver)})` : shortenAddress(summary.receiver)}
        </p>
      )}
      <dl className="send-lines">
        <dt>{t('common.networkFee')}</dt>
        <dd data-testid="send-fee">{summary.feeText ?? '…'}</dd>
        <dt>{t('send.networkBalance')}</dt>
        <dd>{state.networkBalanceInUsd !== undefined ? formatUsd(state.networkBalanceInUsd) : '—'}</dd>
      </dl>
      {error && (
        <p className="send-error" id={ids.error} role="alert" data-testid="send-error">
          {t(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={state.loading} data-testid="send-review">
        {token ? t('send.reviewSymbolSend', { symbol: token.symbol }) : t('send.reviewSend')}
      </button>
    </form>
  );
}
