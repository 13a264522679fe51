import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';

/**
 * SPEC §8: the modal's one toast. The live region stays mounted so screen readers hear each new
 * message; errors are announced assertively.
 */
export function Toast() {
  const cairn = useCairnInstance('Toast');
  const { t } = useT();
  const toast = useStoreState(cairn.stores.toast);
  const urgent = toast.variant === 'error';
  return (
    <div className="toast-region" role={urgent ? 'alert' : 'status'} aria-live={urgent ? 'assertive' : 'polite'}>
      {toast.open && toast.message && (
        <p key={toast.id} className="toast" data-variant={toast.variant} data-testid="toast">
          {toast.variant === 'loading' && <span className="spinner" aria-hidden="true" />}
          {t(toast.message)}
          {toast.link && (
            <a className="toast-link" href={toast.link.url} target="_blank" rel="noopener noreferrer" data-testid="toast-link">
              {t('common.viewOnExplorer', { explorer: toast.link.name })}
            </a>
          )}
        </p>
      )}
    </div>
  );
}
