import { ConnectButton } from '@cairn/react';
import { AccountPanel } from './AccountPanel.tsx';
import { DevPanel } from './DevPanel.tsx';
import { PolkadotSignPanel } from './PolkadotSignPanel.tsx';
import { TipPanel } from './TipPanel.tsx';

export function App() {
  return (
    <div className="page">
      <header className="site-header">
        <a className="brand" href="/">
          <span className="brand-mark" aria-hidden="true" />
          Trailhead
        </a>
        <nav className="site-nav" aria-label="Main">
          <a href="#maps">Maps</a>
          <a href="#guides">Guides</a>
        </nav>
        <ConnectButton />
      </header>
      <main>
        <section className="hero">
          <h1>Trail maps, owned by the people who walk them</h1>
          <p>Connect a wallet to collect maps, tip the mappers, and carry your trail log between sites.</p>
        </section>
        <AccountPanel />
        <TipPanel />
        <PolkadotSignPanel />
        <DevPanel />
      </main>
    </div>
  );
}
