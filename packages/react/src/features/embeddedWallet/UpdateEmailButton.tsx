import { AUTH_CONNECTOR_ID } from '@cairn/core';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** An e-mail login's wallet: its address may be changed (SPEC §4's e-mail update). */
export function UpdateEmailButton() {
  const cairn = useCairnInstance('UpdateEmailButton');
  const { t } = useT();
  const { connectorId } = useStoreState(cairn.stores.account('eip155'));
  const { email } = useStoreState(cairn.stores.embeddedLogin);
  if (connectorId !== AUTH_CONNECTOR_ID) return null;
  return (
    <button type="button" className="row" data-testid="account-update-email" onClick={() => void cairn.openEmailUpdate().catch((cause: unknown) => console.warn('[cairn] e-mail update', cause))}>
      <span className="row-name">{t('embeddedWallet.changeEmail')}</span>
      {email && <span className="muted">{email}</span>}
    </button>
  );
}
