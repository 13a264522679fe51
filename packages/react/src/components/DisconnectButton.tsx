import { ErrorText, type ChainNamespace } from '@cairn/core';
import { errorMessage } from '@cairn/core/rules';
import { useState } from 'react';
import { useCairnInstance } from '../context.ts';
import { AlertIcon, DisconnectIcon } from './icons.tsx';
import { useT } from '../i18n/useT.ts';

/**
 * Disconnects every connected namespace, or only `namespace` when several are connected (the
 * other stays); a refusal (SPEC §8 'Failed to disconnect') shows inline.
 */
export function DisconnectButton({ namespace }: { namespace?: ChainNamespace }) {
  const cairn = useCairnInstance('DisconnectButton');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const { t } = useT();

  const disconnect = async () => {
    if (pending) return;
    setPending(true);
    setError(undefined);
    try {
      await cairn.disconnect(namespace ? { namespace } : undefined);
    } catch (cause) {
      setError(errorMessage(cause, ErrorText.failedToDisconnect));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="disconnect">
      <button
        type="button"
        className="btn btn-secondary btn-block"
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={() => void disconnect()}
      >
        {pending ? <span className="spinner" aria-hidden="true" /> : <DisconnectIcon />}
        {t('disconnect.disconnect')}
      </button>
      {error && (
        <p className="error-text" role="alert">
          <AlertIcon />
          {t(error)}
        </p>
      )}
    </div>
  );
}
