import { useState, type FormEvent } from 'react';

export function PairForm({ initialUri, pairing, disabled, onPair }: { initialUri: string; pairing: boolean; disabled: boolean; onPair(uri: string): void }) {
  const [uri, setUri] = useState(initialUri);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uri.trim()) onPair(uri);
  };
  return (
    <form className="wallet-card pair-form" onSubmit={submit}>
      <label htmlFor="wc-uri">WalletConnect URI</label>
      <p className="hint" id="wc-uri-hint">
        Copy the link under a site’s WalletConnect QR code (it starts with <code>wc:</code>) and paste it here.
      </p>
      <div className="pair-row">
        <input
          id="wc-uri"
          aria-describedby="wc-uri-hint"
          value={uri}
          onChange={(event) => setUri(event.target.value)}
          placeholder="wc:…@2?relay-protocol=irn&symKey=…"
          spellCheck={false}
          autoComplete="off"
        />
        <button type="submit" disabled={disabled || pairing || !uri.trim()}>
          {pairing ? 'Pairing…' : 'Pair'}
        </button>
      </div>
    </form>
  );
}
