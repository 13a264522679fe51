import { useEffect, useState } from 'react';
import { copyText } from './copyText.ts';
import { CheckIcon, CopyIcon } from './icons.tsx';

const FEEDBACK_MS = 1500;
type CopyState = 'idle' | 'copied' | 'failed';

/** Copies the full address; "Copied" shows briefly in a live region beside it. */
export function CopyAddressButton({ address }: { address: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <>
      <button
        type="button"
        className="icon-button copy-button"
        aria-label="Copy address"
        data-copied={state === 'copied' ? '' : undefined}
        onClick={() => {
          void copyText(address).then((copied) => setState(copied ? 'copied' : 'failed'));
        }}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="copy-status" role="status" data-state={state}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  );
}
