import { useT } from '../i18n/useT.ts';

/** The one "Loading…" line of a view whose data or code is on its way. */
export function LoadingLine() {
  const { t } = useT();
  return (
    <p className="status-line" role="status">
      <span className="spinner" aria-hidden="true" /> {t('loadingLine.loading')}
    </p>
  );
}
