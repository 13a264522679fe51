import { useEffect, useState } from 'react';
import { copyText } from './copyText.ts';
import { CheckIcon, CopyIcon } from './icons.tsx';

const FEEDBACK_MS = 1500;

/** Copies a WalletConnect URI, for a wallet on the same computer that takes a pasted link. */
export function CopyLinkButton({ value }: { value: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="walletconnect-copy"
        onClick={() => {
          void copyText(value).then((copied) => setState(copied ? 'copied' : 'failed'));
        }}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        Copy link
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? 'Link copied' : state === 'failed' ? 'Could not copy the link' : ''}
      </span>
    </>
  );
}
