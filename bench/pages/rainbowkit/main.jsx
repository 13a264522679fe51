// RainbowKit's quick start (rainbowkit.com/docs/installation) with the one local chain.
// Plain JSX: its packages live in bench/anchors, out of the root typecheck's reach.
import '@rainbow-me/rainbowkit/styles.css';
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { anvil } from 'wagmi/chains';

const config = getDefaultConfig({ appName: 'Cairn bench', projectId: 'cairn-bench', chains: [anvil] });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
);
