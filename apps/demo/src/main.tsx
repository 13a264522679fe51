import { CairnProvider } from '@cairn/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createDemoCairn } from './createDemoCairn.ts';
import { readDevPanelSettings } from './devPanelSettings.ts';
import { injectTestWallets } from './injectTestWallets.ts';
import './styles.css';

// Injected before Cairn starts, as a real extension's content script would be.
const settings = readDevPanelSettings();
await injectTestWallets(settings).catch((error: unknown) => console.error(error));
const cairn = createDemoCairn(new URLSearchParams(location.search), { solana: settings.solana, polkadot: settings.polkadot, bitcoin: settings.bitcoin });
// The demo's instance, for the browser console and the e2e tests (`cairn.request(...)`).
(window as { cairn?: unknown }).cairn = cairn;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CairnProvider cairn={cairn}>
      <App />
    </CairnProvider>
  </StrictMode>,
);
