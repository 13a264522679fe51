import { useState } from 'react';
import { readDevPanelSettings, writeDevPanelSettings, type DevPanelSettings } from './devPanelSettings.ts';

const LABELS: Record<keyof DevPanelSettings, string> = {
  injectWallet: 'Inject the devnet test wallet (EIP-6963)',
  injectSecondWallet: 'Inject a second test wallet',
  legacyInjectedOnly: 'First wallet only as window.ethereum (no EIP-6963)',
  solana: 'Solana beside EVM (the local chain and a Wallet Standard test wallet)',
  polkadot: 'Polkadot beside EVM (the local chain and an injected test extension)',
  bitcoin: 'Bitcoin beside EVM (the local regtest chain and a WBIP004 / Wallet Standard test wallet)',
};

/** Local-stack only: injects the devnet's test wallets, then reloads so they load before Cairn. */
export function DevPanel() {
  const [settings, setSettings] = useState(readDevPanelSettings);
  const toggle = (key: keyof DevPanelSettings) => {
    const next = { ...settings, [key]: !settings[key] };
    setSettings(next);
    writeDevPanelSettings(next);
    location.reload();
  };
  return (
    <section className="card dev-panel" aria-labelledby="dev-heading">
      <h2 id="dev-heading">Dev panel</h2>
      <p>No browser extension here? Inject the devnet's test wallet, backed by an Anvil development key.</p>
      {(Object.keys(LABELS) as (keyof DevPanelSettings)[]).map((key) => (
        <label key={key} className="toggle">
          <input type="checkbox" checked={settings[key]} onChange={() => toggle(key)} />
          {LABELS[key]}
        </label>
      ))}
    </section>
  );
}
