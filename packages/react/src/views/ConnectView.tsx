import { ErrorText, orderConnectors } from '@cairn/core';
import { useMemo } from 'react';
import { WalletGlyph } from '../components/icons.tsx';
import { WalletRow } from '../components/WalletRow.tsx';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';

/** The wallets found in this browser, in the order of SPEC §9. */
export function ConnectView() {
  const cairn = useCairnInstance('ConnectView');
  const { connectors, recentWallets } = useStoreState(cairn.stores.connection);
  const items = useMemo(() => orderConnectors(connectors, recentWallets), [connectors, recentWallets]);
  const { error: signInError } = useStoreState(cairn.stores.siwx);
  // SPEC §8: a sign-in that could not start disconnects and lands here, saying why.
  const alert = signInError === ErrorText.siwxInitFailed && (
    <p className="headline error" role="alert">
      {signInError}
    </p>
  );

  if (items.length === 0) {
    return (
      <div className="empty">
        <span className="empty-icon" aria-hidden="true">
          <WalletGlyph size={26} />
        </span>
        <p className="headline">No wallet found in this browser</p>
        <p className="muted">Install a browser wallet extension, then reload this page to connect.</p>
      </div>
    );
  }
  return (
    <>
      {alert}
      <ul className="list" aria-label="Wallets">
        {items.map((item) => (
          <li key={item.connector.id}>
            <WalletRow
              item={item}
              onSelect={() => {
                cairn.connect(item.connector.id).catch((error: unknown) => {
                  console.warn('[cairn] could not start the connection', error);
                });
              }}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
