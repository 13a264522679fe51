import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createWebWallet } from './createWebWallet.ts';
import { WalletApp } from './WalletApp.tsx';
import './wallet.css';

const wallet = createWebWallet({ relayUrl: __DEMO_CONFIG__.relayUrl, chains: __DEMO_CONFIG__.chains, storage: localStorage });

// A deep link (wallet.html?uri=wc:…) pairs straight away, as a phone wallet opens a QR code's link.
const uri = new URLSearchParams(location.search).get('uri');
if (uri) void wallet.pair(uri);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WalletApp wallet={wallet} initialUri={uri ?? ''} />
  </StrictMode>,
);
