import { ErrorText } from '@cairn/core';
import { shortenAddress } from '@cairn/core/internal';
import { Avatar } from '../components/Avatar.tsx';
import { useCairnInstance } from '../context.ts';
import { useActiveAccount } from '../hooks/useActiveAccount.ts';
import { useStoreState } from '../hooks/useStoreState.ts';

/** SPEC §4: asks the visitor to prove they own the account by signing a message. */
export function ConnectingSiweView() {
  const cairn = useCairnInstance('ConnectingSiweView');
  const { status, error } = useStoreState(cairn.stores.siwx);
  const { address } = useActiveAccount(cairn);
  const appName = cairn.options.metadata?.name ?? 'This site';
  const signing = status === 'signing';
  const report = (cause: unknown) => console.warn('[cairn] sign-in', cause);
  return (
    <div className="connecting siwe" data-state={error ? 'error' : signing ? 'pending' : 'idle'}>
      {address && <Avatar address={address} size={64} />}
      <p className="headline">{appName} needs to connect to your wallet</p>
      <p className="muted">
        Sign this message to prove you own {address ? shortenAddress(address) : 'this wallet'}. It costs nothing and sends no
        transaction.
      </p>
      {error && (
        <p className="headline error" role="alert">
          {error}
        </p>
      )}
      {signing && (
        <p className="muted" role="status">
          {ErrorText.authenticating}
        </p>
      )}
      <div className="siwe-actions">
        <button type="button" className="btn btn-secondary" onClick={() => cairn.cancelSignIn().catch(report)}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={signing}
          onClick={() => {
            if (!signing) cairn.signIn().catch(report);
          }}
        >
          {error ? 'Try again' : 'Sign in'}
        </button>
      </div>
    </div>
  );
}
