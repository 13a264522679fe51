// The page of the wallet-list bench (bench/lib/walletListBench.ts builds it into bench/results/):
// the one-button Cairn page with the site's server configured, so All Wallets has a catalogue.
import { createCairn } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { CairnProvider, ConnectButton } from '@cairn/react';
import { createRoot } from 'react-dom/client';

const server = new URLSearchParams(location.search).get('server') ?? 'http://127.0.0.1:26789';
const cairn = createCairn({
  networks: [defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', testnet: true })],
  adapters: [createEvmAdapter()],
  metadata: { name: 'Cairn bench', url: location.origin },
  api: { url: server, projectId: 'cairn-local' },
});
// For the bench's probes: the list's size and status, read from the store (nothing is changed through it).
(window as unknown as { benchCairn: typeof cairn }).benchCairn = cairn;

createRoot(document.getElementById('root')!).render(
  <CairnProvider cairn={cairn}>
    <ConnectButton />
  </CairnProvider>,
);
