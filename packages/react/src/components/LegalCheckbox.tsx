import type { Cairn } from '@cairn/core';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { msg, useT } from '../i18n/useT.ts';

type LegalUrls = Pick<Cairn['options'], 'termsConditionsUrl' | 'privacyPolicyUrl'>;

const LABELS = {
  both: msg('legalCheckbox.iAgreeToTheTermsOf'),
  terms: msg('legalCheckbox.iAgreeToTheTerms'),
  privacy: msg('legalCheckbox.iAgreeToThe'),
} as const;

const labelFor = ({ termsConditionsUrl, privacyPolicyUrl }: LegalUrls) =>
  termsConditionsUrl && privacyPolicyUrl ? LABELS.both : termsConditionsUrl ? LABELS.terms : LABELS.privacy;

/** SPEC §9 `legalCheckbox`: the site's terms and privacy policy, accepted by ticking the box. */
export function LegalCheckbox() {
  const cairn = useCairnInstance('LegalCheckbox');
  const { accepted } = useStoreState(cairn.stores.legalConsent);
  const { t } = useT();
  const { termsConditionsUrl, privacyPolicyUrl } = cairn.options;
  return (
    <div className="legal">
      <label className="legal-label">
        <input type="checkbox" checked={accepted} onChange={(event) => cairn.setLegalConsent(event.currentTarget.checked)} />
        <span>{t(labelFor(cairn.options))}</span>
      </label>
      <p className="legal-links">
        {termsConditionsUrl && (
          <a href={termsConditionsUrl} target="_blank" rel="noopener noreferrer">
            {t('legalCheckbox.termsOfService')}
          </a>
        )}
        {privacyPolicyUrl && (
          <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            {t('legalCheckbox.privacyPolicy')}
          </a>
        )}
      </p>
    </div>
  );
}
