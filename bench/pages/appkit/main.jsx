// Reown AppKit's React + wagmi quick start (docs.reown.com/appkit/react/core/installation) with the
// one local chain. Plain JSX: its packages live in bench/anchors, out of the root typecheck's reach.
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi';
import { anvil } from '@reown/appkit/networks';
import { createAppKit } from '@reown/appkit/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';

const projectId = 'cairn-bench';
const networks = [anvil];
const wagmiAdapter = new WagmiAdapter({ networks, projectId });
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'Cairn bench', description: 'Cairn bench', url: location.origin, icons: [] },
});
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
);
