import { AUTH_CONNECTOR_ID } from '@cairn/core';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/**
 * An e-mail or social login's wallet: its devices, on the frame's own screen (Cairn's own, session
 * 21). The row only asks; the frame lists, removes and approves. The frame's reason, if it refuses,
 * shows under the export row (one store, one line).
 */
export function DevicesButton() {
  const cairn = useCairnInstance('DevicesButton');
  const { t } = useT();
  const { connectorId } = useStoreState(cairn.stores.account('eip155'));
  const { prompt } = useStoreState(cairn.stores.embeddedLogin);
  if (connectorId !== AUTH_CONNECTOR_ID) return null;
  return (
    <button
      type="button"
      className="row"
      data-testid="account-devices"
      aria-disabled={prompt || undefined}
      onClick={() => void (!prompt && cairn.manageEmbeddedDevices().catch((cause: unknown) => console.warn('[cairn] devices', cause)))}
    >
      <span className="row-name">{t('embeddedWallet.devices')}</span>
    </button>
  );
}
