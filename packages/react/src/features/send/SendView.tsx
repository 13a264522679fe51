import { findNetwork, formatAmount, formatUnits, formatUsd, shortenAddress } from '@cairn/core/rules';
import { useEffect, useId } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { SEND_CSS } from './sendCss.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { useT } from '../../i18n/useT.ts';

/** SPEC §5, §8: what to send, how much, to whom, at what fee; the wallet is asked on review. */
export default function SendView() {
  const cairn = useCairnInstance('SendView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.send);
  useActiveAccount(cairn); // balances feed the summary
  const network = findNetwork(useStoreState(cairn.stores.network));
  const ids = { token: useId(), amount: useId(), receiver: useId(), error: useId() };

  useEffect(() => {
    void cairn.send.prepare();
  }, [cairn]);
  useEffect(() => {
    if (state.receiverAddress) void cairn.send.lookupReceiver();
  }, [cairn, state.receiverAddress]);

  const summary = cairn.send.summary();
  const tokens = cairn.send.tokens();
  if (!summary) {
    return <LoadingLine />;
  }
  const { token } = summary;
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
        <label htmlFor={ids.token}>{t('Token')}</label>
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
        <label htmlFor={ids.amount}>{t('Amount')}</label>
        <span className="send-amount">
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            data-autofocus
            value={state.sendTokenAmount ?? ''}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => cairn.stores.send.setAmount(event.target.value)}
          />
          <button type="button" className="btn btn-secondary" onClick={() => void cairn.send.setMax()}>
            {t('Max')}
          </button>
        </span>
      </div>
      <div className="send-field">
        <label htmlFor={ids.receiver}>{t('To')}</label>
        <input
          id={ids.receiver}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={state.receiverAddress ?? ''}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => cairn.stores.send.setReceiver(event.target.value)}
        />
      </div>
      {summary.receiver && (
        <p className="send-receiver" data-testid="send-receiver">
          {state.receiverProfileImage && <img src={state.receiverProfileImage} alt="" />}
          {state.receiverProfileName ? `${state.receiverProfileName} (${shortenAddress(summary.receiver)})` : shortenAddress(summary.receiver)}
        </p>
      )}
      <dl className="send-lines">
        <dt>{t('Network fee')}</dt>
        <dd data-testid="send-fee">{summary.feeUsd !== undefined ? formatUsd(summary.feeUsd) : summary.gasCost !== undefined ? feeText(summary.gasCost, summary.feeUnit, network) : '…'}</dd>
        <dt>{t('Network balance')}</dt>
        <dd>{state.networkBalanceInUsd !== undefined ? formatUsd(state.networkBalanceInUsd) : '—'}</dd>
      </dl>
      {error && (
        <p className="send-error" id={ids.error} role="alert" data-testid="send-error">
          {t(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={state.loading} data-testid="send-review">
        {token ? t('Review {symbol} send', { symbol: token.symbol }) : t('Review send')}
      </button>
    </form>
  );
}

/** The fee without a USD price: in wei when counted in gas, else in the native coin (lamports read badly as SOL). */
function feeText(gasCost: bigint, feeUnit: 'gas' | 'native' | undefined, network: ReturnType<typeof findNetwork>): string {
  if (!network || feeUnit === 'gas') return `${gasCost} wei`;
  return `${formatUnits(gasCost, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`;
}
