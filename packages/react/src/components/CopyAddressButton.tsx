import { CheckIcon, CopyIcon } from './icons.tsx';
import { useCopyState } from './useCopyState.ts';
import { useT } from '../i18n/useT.ts';

/** Copies the full address; "Copied" shows briefly in a live region beside it. */
export function CopyAddressButton({ address }: { address: string }) {
  const [state, copy] = useCopyState();
  const { t } = useT();

  return (
    <>
      <button
        type="button"
        className="icon-button copy-button"
        aria-label={t('copyAddress.copyAddress')}
        data-copied={state === 'copied' ? '' : undefined}
        onClick={() => copy(address)}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="copy-status" role="status" data-state={state}>
        {state === 'copied' ? t('copyAddress.copied') : state === 'failed' ? t('copyAddress.couldNotCopy') : ''}
      </span>
    </>
  );
}
