// The floor: React 19 and the least a connect button can be, a button that opens a dialog listing
// the wallets announced over EIP-6963. Every other page adds its modal library on top of this.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface AnnouncedWallet {
  info: { uuid: string; name: string; icon: string };
}

function useAnnouncedWallets(): AnnouncedWallet[] {
  const [wallets, setWallets] = useState<AnnouncedWallet[]>([]);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<AnnouncedWallet>).detail;
      setWallets((known) => (known.some((w) => w.info.uuid === detail.info.uuid) ? known : [...known, detail]));
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
  }, []);
  return wallets;
}

function App() {
  const [open, setOpen] = useState(false);
  const wallets = useAnnouncedWallets();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open && (
        <div role="dialog" aria-modal="true" aria-label="Connect a wallet">
          {wallets.map((wallet) => (
            <button type="button" key={wallet.info.uuid} data-wallet-row>
              <img src={wallet.info.icon} alt="" width={32} height={32} />
              {wallet.info.name}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
