import { CheckIcon, CopyIcon } from './icons.tsx';
import { useCopyState } from './useCopyState.ts';

/** Copies a WalletConnect URI, for a wallet on the same computer that takes a pasted link. */
export function CopyLinkButton({ value }: { value: string }) {
  const [state, copy] = useCopyState();
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="walletconnect-copy" onClick={() => copy(value)}>
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        Copy link
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? 'Link copied' : state === 'failed' ? 'Could not copy the link' : ''}
      </span>
    </>
  );
}
