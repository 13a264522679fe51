import { useEffect, useId } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { NAMES_CSS } from './namesCss.ts';
import { useT } from '../../i18n/useT.ts';

/** SPEC §2 RegisterAccountName: type a name, see whether it is free (or, when taken, free names like it), sign to register. */
export default function RegisterAccountNameView() {
  const cairn = useCairnInstance('RegisterAccountNameView');
  const { t } = useT();
  const state = useStoreState(cairn.stores.accountName);
  const ids = { input: useId(), status: useId() };
  const register = (name: string) => void cairn.names.register(name).catch(() => undefined);
  const label = state.query.trim().toLowerCase();
  // The names this address already holds, so the visitor knows before choosing another.
  useEffect(() => void cairn.names.loadOwnNames().catch(() => undefined), [cairn]);
  return (
    <form
      className="names"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (state.available && !state.registering) register(state.available);
      }}
    >
      <style>{NAMES_CSS}</style>
      {state.ownNames && state.ownNames.length > 0 && (
        <p className="names-status" data-testid="own-names">
          {t('names.yourNamesNames', { names: state.ownNames.join(', ') })}
        </p>
      )}
      {state.ownNamesError && (
        <p className="names-error" role="alert" data-testid="own-names-error">
          {t(state.ownNamesError)}
        </p>
      )}
      <label htmlFor={ids.input}>{t('names.name')}</label>
      <input
        id={ids.input}
        autoComplete="off"
        spellCheck={false}
        placeholder="trail-walker"
        data-autofocus
        value={state.query}
        aria-describedby={ids.status}
        onChange={(event) => cairn.names.setQuery(event.target.value)}
      />
      <div id={ids.status} aria-live="polite">
        {state.checking && <p className="names-status">{t('names.checking')}</p>}
        {!state.checking && state.available && (
          <p className="names-status" data-testid="name-available">{t('names.nameIsAvailable', { name: state.available })}</p>
        )}
        {!state.checking && state.taken && !state.error && (
          <p className="names-status" data-testid="name-taken">{t('names.nameIsTaken', { name: label })}</p>
        )}
        {state.error && (
          <p className="names-error" role="alert" data-testid="name-error">
            {t(state.error)}
          </p>
        )}
      </div>
      {!state.checking && state.suggestions.length > 0 && (
        <ul className="names-suggestions" aria-label={t('names.suggestions')}>
          {state.suggestions.map((name) => (
            <li key={name}>
              <button type="button" className="btn btn-secondary btn-block" disabled={state.registering} onClick={() => register(name)}>
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn btn-primary btn-block" data-testid="name-register" disabled={!state.available || state.registering} aria-busy={state.registering || undefined}>
        {state.registering ? t('names.signInYourWallet') : state.available ? t('names.registerName', { name: state.available }) : t('names.register')}
      </button>
    </form>
  );
}
