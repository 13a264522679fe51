// ConnectKit's quick start (docs.family.co/connectkit/getting-started) with the one local chain.
// Plain JSX: its packages live in bench/anchors, out of the root typecheck's reach.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit';
import { createRoot } from 'react-dom/client';
import { createConfig, WagmiProvider } from 'wagmi';
import { anvil } from 'wagmi/chains';

const config = createConfig(
  getDefaultConfig({ appName: 'Cairn bench', walletConnectProjectId: 'cairn-bench', chains: [anvil] }),
);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
);
