import { CheckIcon, CopyIcon } from '../../components/icons.tsx';
import { useCopyState } from '../../components/useCopyState.ts';
import { useT } from '../../i18n/useT.ts';

/** Copies a WalletConnect URI, for a wallet on the same computer that takes a pasted link. */
export function CopyLinkButton({ value }: { value: string }) {
  const [state, copy] = useCopyState();
  const { t } = useT();
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="walletconnect-copy" onClick={() => copy(value)}>
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        {t('walletConnect.copyLink')}
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? t('walletConnect.linkCopied') : state === 'failed' ? t('walletConnect.couldNotCopyThe') : ''}
      </span>
    </>
  );
}
