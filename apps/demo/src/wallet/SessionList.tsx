import type { SessionTypes } from '@walletconnect/types';
import { chainName } from './describeRequest.ts';
import type { WalletChain } from './performRequest.ts';
import { PeerIcon } from './PeerIcon.tsx';

export function SessionList({ sessions, chains, onDisconnect }: { sessions: readonly SessionTypes.Struct[]; chains: readonly WalletChain[]; onDisconnect(topic: string): void }) {
  return (
    <section className="wallet-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Connected sites</h2>
      {sessions.length === 0 ? (
        <p className="muted">No site is connected.</p>
      ) : (
        <ul className="sessions" aria-label="Connected sites">
          {sessions.map((session) => {
            const { metadata } = session.peer;
            const namespace = session.namespaces.eip155;
            return (
              <li key={session.topic} className="peer">
                <PeerIcon name={metadata.name} icons={metadata.icons} />
                <div>
                  <strong>{metadata.name}</strong>
                  <p className="peer-url">{metadata.url}</p>
                  <p className="muted">{(namespace?.chains ?? []).map((chain) => chainName(chains, chain)).join(', ')}</p>
                </div>
                <button type="button" onClick={() => onDisconnect(session.topic)} aria-label={`Disconnect ${metadata.name}`}>
                  Disconnect
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
