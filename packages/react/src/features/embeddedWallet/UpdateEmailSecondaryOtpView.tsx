import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';
import { UpdateEmailOtpForm } from './UpdateEmailOtpForm.tsx';

/** SPEC §4: the code mailed to the new address; it is stored once this code is right. */
export default function UpdateEmailSecondaryOtpView() {
  const cairn = useCairnInstance('UpdateEmailSecondaryOtpView');
  const { t } = useT();
  const { emailUpdate } = useStoreState(cairn.stores.embeddedLogin);
  return <UpdateEmailOtpForm key="secondary" intro={t('embeddedWallet.weSentACode', { email: emailUpdate?.newEmail ?? '' })} />;
}
