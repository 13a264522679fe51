import { useState } from 'react';

/** Approve / Reject for a proposal or a request; both stay disabled while one is being answered. */
export function DecisionButtons({ onApprove, onReject }: { onApprove(): Promise<void>; onReject(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => () => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  return (
    <div className="buttons">
      <button type="button" className="primary" disabled={busy} onClick={run(onApprove)}>
        Approve
      </button>
      <button type="button" disabled={busy} onClick={run(onReject)}>
        Reject
      </button>
    </div>
  );
}
