import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { NAMES_CSS } from './namesCss.ts';
import { useT } from '../../i18n/useT.ts';

/** SPEC §2 RegisterAccountNameSuccess: the name is the account's; back to Account. */
export default function RegisterAccountNameSuccessView() {
  const cairn = useCairnInstance('RegisterAccountNameSuccessView');
  const { t } = useT();
  const { registered } = useStoreState(cairn.stores.accountName);
  return (
    <div className="names">
      <style>{NAMES_CSS}</style>
      <p className="names-done" data-testid="name-registered">{registered ?? ''}</p>
      <p className="lead">{t('names.isNowYourAccounts')}</p>
      <button type="button" className="btn btn-primary btn-block" data-autofocus onClick={() => cairn.stores.router.reset('Account')}>
        {t('common.done')}
      </button>
    </div>
  );
}
