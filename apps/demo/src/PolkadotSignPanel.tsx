import { ErrorText, isUserRejection } from '@cairn/core';
import { useCairn, useCairnAccount, useCairnNetwork } from '@cairn/react';
import { useState } from 'react';

const MESSAGE = 'Trailhead: I walked the Ridge Loop on 2026-05-01.';

/** The site's own signature from a Polkadot extension, through `cairn.request` (polkadot_signMessage). */
export function PolkadotSignPanel() {
  const { cairn } = useCairn();
  const account = useCairnAccount();
  const network = useCairnNetwork();
  const [state, setState] = useState<{ status: 'idle' | 'signing' | 'signed' | 'failed'; text?: string }>({ status: 'idle' });
  if (!account.isConnected || !network.caipNetworkId?.startsWith('polkadot:')) return null;
  const sign = async () => {
    setState({ status: 'signing' });
    try {
      const { signature } = await cairn.request({ method: 'polkadot_signMessage', params: { message: MESSAGE } });
      setState({ status: 'signed', text: signature });
    } catch (error) {
      // SPEC §8: a signature the visitor refused is 'Signature declined'.
      setState({ status: 'failed', text: isUserRejection(error) ? ErrorText.signatureDeclined : error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section className="card" aria-labelledby="polkadot-sign-heading">
      <h2 id="polkadot-sign-heading">Sign your trail log</h2>
      <p data-testid="polkadot-message">{MESSAGE}</p>
      <div className="actions">
        <button type="button" onClick={() => void sign()} disabled={state.status === 'signing'}>
          {state.status === 'signing' ? 'Confirm in your extension…' : 'Sign with Polkadot'}
        </button>
      </div>
      <p data-testid="polkadot-signature" data-status={state.status} role={state.status === 'failed' ? 'alert' : undefined}>
        {state.status === 'signed' ? state.text : state.status === 'failed' ? state.text : ''}
      </p>
    </section>
  );
}
