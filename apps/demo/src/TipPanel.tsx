import { useCairn, useCairnAccount } from '@cairn/react';
import { useState } from 'react';

// A devnet address that stands for "the mapper" being tipped.
const MAPPER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const TIP_WEI = '0x38d7ea4c68000'; // 0.001 ETH

/** The site's own use of the connected wallet: a transaction through `cairn.request`, whatever the wallet. */
export function TipPanel() {
  const { cairn } = useCairn();
  const account = useCairnAccount();
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; text?: string }>({ status: 'idle' });
  if (!account.isConnected || !account.address) return null;
  const tip = async () => {
    setState({ status: 'sending' });
    try {
      const hash = await cairn.request({
        method: 'eth_sendTransaction',
        params: [{ from: account.address as `0x${string}`, to: MAPPER, value: TIP_WEI }],
      });
      setState({ status: 'sent', text: String(hash) });
    } catch (error) {
      setState({ status: 'failed', text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section className="card" aria-labelledby="tip-heading">
      <h2 id="tip-heading">Tip the mapper</h2>
      <p>Send 0.001 ETH on the devnet to the person who mapped this trail.</p>
      <div className="actions">
        <button type="button" onClick={() => void tip()} disabled={state.status === 'sending'}>
          {state.status === 'sending' ? 'Confirm in your wallet…' : 'Tip 0.001 ETH'}
        </button>
      </div>
      <p data-testid="tip-result" data-status={state.status}>
        {state.status === 'sent' ? `Sent: ${state.text}` : state.status === 'failed' ? `Failed: ${state.text}` : ''}
      </p>
    </section>
  );
}
