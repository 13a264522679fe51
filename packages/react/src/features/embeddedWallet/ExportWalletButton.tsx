import { AUTH_CONNECTOR_ID } from '@cairn/core';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** An e-mail or social login's wallet: its key may be taken out, in the frame's own screen. */
export function ExportWalletButton() {
  const cairn = useCairnInstance('ExportWalletButton');
  const { t } = useT();
  const { connectorId } = useStoreState(cairn.stores.account('eip155'));
  const { error, prompt } = useStoreState(cairn.stores.embeddedLogin);
  if (connectorId !== AUTH_CONNECTOR_ID) return null;
  return (
    <>
      <button
        type="button"
        className="row"
        data-testid="account-export-wallet"
        aria-disabled={prompt || undefined}
        onClick={() => void (!prompt && cairn.exportEmbeddedWallet().catch((cause: unknown) => console.warn('[cairn] export', cause)))}
      >
        <span className="row-name">{t('embeddedWallet.exportWallet')}</span>
      </button>
      {error && (
        <p className="error-text" role="alert">
          {t(error)}
        </p>
      )}
    </>
  );
}
