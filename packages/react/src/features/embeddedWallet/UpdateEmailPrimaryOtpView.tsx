import { useT } from '../../i18n/useT.ts';
import { UpdateEmailOtpForm } from './UpdateEmailOtpForm.tsx';

/** SPEC §4: the code mailed to the current address, for the change. */
export default function UpdateEmailPrimaryOtpView() {
  const { t } = useT();
  return <UpdateEmailOtpForm key="primary" intro={t('embeddedWallet.enterTheCodeWe')} />;
}
