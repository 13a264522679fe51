import { CheckIcon, CopyIcon } from './icons.tsx';
import { useCopyState } from './useCopyState.ts';

/** Copies the full address; "Copied" shows briefly in a live region beside it. */
export function CopyAddressButton({ address }: { address: string }) {
  const [state, copy] = useCopyState();

  return (
    <>
      <button
        type="button"
        className="icon-button copy-button"
        aria-label="Copy address"
        data-copied={state === 'copied' ? '' : undefined}
        onClick={() => copy(address)}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="copy-status" role="status" data-state={state}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  );
}
